import { Alert, Button, Card, Link, Result, Space } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChangePasswordForm } from '../ChangePasswordForm';

/** /user/reset-modify: change the password; the forgotten-password reset is the public /reset page. */
export default function ResetModify() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [changed, setChanged] = useState(false);

  return (
    <Card title={t('userSetting.password.pageTitle')} bordered={false}>
      {changed ? (
        <Result
          status="success"
          title={t('userSetting.password.changed')}
          subTitle={t('userSetting.password.othersSignedOut')}
          extra={
            <Space>
              <Button type="primary" onClick={() => navigate('/')}>
                {t('common.backHome')}
              </Button>
              <Button onClick={() => setChanged(false)}>{t('userSetting.password.changeAgain')}</Button>
            </Space>
          }
        />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Alert type="info" content={t('userSetting.password.intro')} />
          <ChangePasswordForm onChanged={() => setChanged(true)} />
          <Link
            href="/reset"
            onClick={(event) => {
              event.preventDefault();
              navigate('/reset');
            }}
          >
            {t('userSetting.password.forgot')}
          </Link>
        </Space>
      )}
    </Card>
  );
}
