import { Button, List, Message, Modal, Tag, Typography } from '@arco-design/web-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../../contract/auth';
import { refreshUserInfo } from '../../../session/session';
import { ChangePasswordForm } from '../ChangePasswordForm';
import { shownPhone } from '../format';
import { PhoneBindingForm } from './PhoneBindingForm';
import { CERTIFICATION_STATE_COLORS } from './ProfileHeader';

type Dialog = 'password' | 'phone' | null;

interface SecurityItem {
  key: string;
  title: string;
  value: ReactNode;
  description: string;
  action?: ReactNode;
}

export function SecuritySettings({
  info,
  onOpenCertification,
}: {
  info: UserInfo;
  onOpenCertification: () => void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const items: SecurityItem[] = [
    {
      key: 'password',
      title: t('userSetting.security.password'),
      value: <Tag color="green">{t('userSetting.security.set')}</Tag>,
      description: t('rule.password'),
      action: (
        <Button type="text" onClick={() => setDialog('password')}>
          {t('userSetting.security.change')}
        </Button>
      ),
    },
    {
      key: 'phone',
      title: t('userSetting.security.phone'),
      value: <Typography.Text>{shownPhone(info.phone)}</Typography.Text>,
      description: t('userSetting.security.phoneHint'),
      action: (
        <Button type="text" onClick={() => setDialog('phone')}>
          {t('userSetting.security.change')}
        </Button>
      ),
    },
    {
      key: 'certification',
      title: t('userSetting.security.certification'),
      value: (
        <Tag color={CERTIFICATION_STATE_COLORS[info.certification]}>
          {t(`userSetting.certState.${info.certification}`)}
        </Tag>
      ),
      description: t('userSetting.security.certificationHint'),
      action: (
        <Button type="text" onClick={onOpenCertification}>
          {t('common.view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <List
        bordered={false}
        dataSource={items}
        render={(item: SecurityItem) => (
          <List.Item key={item.key} actions={item.action ? [item.action] : []}>
            <List.Item.Meta
              title={
                <span className="security-item-title">
                  {item.title}
                  <span className="security-item-value">{item.value}</span>
                </span>
              }
              description={item.description}
            />
          </List.Item>
        )}
      />
      <Modal
        title={t('userSetting.password.dialogTitle')}
        visible={dialog === 'password'}
        onCancel={close}
        footer={null}
        unmountOnExit
      >
        <ChangePasswordForm
          onCancel={close}
          onChanged={() => {
            close();
            Modal.success({
              title: t('userSetting.password.changed'),
              content: t('userSetting.password.othersSignedOut'),
              okText: t('common.ok'),
            });
          }}
        />
      </Modal>
      <Modal
        title={t('userSetting.phone.dialogTitle')}
        visible={dialog === 'phone'}
        onCancel={close}
        footer={null}
        unmountOnExit
      >
        <PhoneBindingForm
          currentPhone={info.phone}
          onCancel={close}
          onBound={() => {
            close();
            Message.success(t('userSetting.phone.bound'));
            void refreshUserInfo().catch(() => undefined);
          }}
        />
      </Modal>
    </>
  );
}
