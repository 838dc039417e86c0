import { Alert, Button, Descriptions, Message, Modal, Space, Typography } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { copyText } from './copy-text';

export interface IssuedPassword {
  /** Why it was issued: a new account or a reset. */
  reason: 'created' | 'reset';
  name: string;
  phone: string;
  password: string;
}

/**
 * The generated password, shown once: the server never shows it again, so the modal says
 * so and offers a copy button. Closing it forgets the password.
 */
export function OneTimePassword({ issued, onClose }: { issued: IssuedPassword | null; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (!issued) return;
    if (await copyText(issued.password)) Message.success(t('common.copied'));
    else Message.error(t('userAccount.password.copyFailed'));
  };
  return (
    <Modal
      title={
        issued?.reason === 'created'
          ? t('userAccount.password.createdTitle')
          : t('userAccount.password.resetTitle')
      }
      visible={issued !== null}
      onCancel={onClose}
      onOk={onClose}
      okText={t('userAccount.password.done')}
      hideCancel
      maskClosable={false}
      unmountOnExit
    >
      {issued && (
        <Space direction="vertical" size="medium" style={{ width: '100%' }}>
          <Alert type="warning" content={t('userAccount.password.onceWarning')} />
          <Descriptions
            column={1}
            border
            data={[
              { label: t('userAccount.column.name'), value: issued.name },
              { label: t('userAccount.column.phone'), value: issued.phone },
              {
                label:
                  issued.reason === 'created'
                    ? t('userAccount.password.label')
                    : t('userAccount.password.newLabel'),
                value: (
                  <Space>
                    <Typography.Text code data-testid="issued-password" style={{ fontSize: 16 }}>
                      {issued.password}
                    </Typography.Text>
                    <Button size="small" icon={<IconCopy />} onClick={copy}>
                      {t('common.copy')}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
          {issued.reason === 'reset' && (
            <Typography.Text type="secondary">{t('userAccount.password.sessionsEnded')}</Typography.Text>
          )}
        </Space>
      )}
    </Modal>
  );
}
