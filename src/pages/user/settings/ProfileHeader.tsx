import { Avatar, Card, Descriptions, Skeleton, Space, Tag, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../../contract/auth';
import type { CertificationState } from '../../../../contract/certifications';
import { formatDate, shownPhone } from '../format';

export const CERTIFICATION_STATE_COLORS: Record<CertificationState, string> = {
  none: 'gray',
  auditing: 'orange',
  personal: 'green',
  enterprise: 'green',
};

/** Only web addresses: a stored avatar is never turned into any other kind of URL. */
function avatarSrc(avatar: string | null): string | null {
  return avatar && /^(https?:\/\/|\/)/.test(avatar) ? avatar : null;
}

export function ProfileHeader({ info }: { info: UserInfo | null }) {
  const { t } = useTranslation();
  if (!info) {
    return (
      <Card bordered={false}>
        <Skeleton animation text={{ rows: 2 }} image={{ shape: 'circle' }} />
      </Card>
    );
  }
  const src = avatarSrc(info.avatar);
  return (
    <Card bordered={false} className="user-settings-header">
      <Space size={24} align="start">
        <Avatar size={72} style={{ backgroundColor: 'rgb(var(--arcoblue-6))', fontSize: 28 }}>
          {src ? <img src={src} alt={info.name} /> : info.name.slice(0, 1)}
        </Avatar>
        <div className="user-settings-header-body">
          <Typography.Title heading={5} style={{ marginTop: 4 }}>
            {info.nickname || info.name}
          </Typography.Title>
          <Descriptions
            colon={t('userSetting.header.colon')}
            size="small"
            labelStyle={{ paddingRight: 8 }}
            valueStyle={{ paddingRight: 32 }}
            column={{ xs: 1, sm: 2, lg: 3 }}
            data={[
              { label: t('userSetting.header.name'), value: info.name },
              { label: t('userSetting.header.accountId'), value: info.accountId },
              {
                label: t('userSetting.header.registeredAt'),
                value: formatDate(info.registeredAt),
              },
              { label: t('userSetting.header.role'), value: t(`enum.role.${info.role}`) },
              { label: t('userSetting.header.phone'), value: shownPhone(info.phone) },
              {
                label: t('userSetting.header.certification'),
                value: (
                  <Tag size="small" color={CERTIFICATION_STATE_COLORS[info.certification]}>
                    {t(`userSetting.certState.${info.certification}`)}
                  </Tag>
                ),
              },
            ]}
          />
        </div>
      </Space>
    </Card>
  );
}
