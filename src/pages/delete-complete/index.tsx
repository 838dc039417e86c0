import { Button, Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import '../exception/result-page.css';

/** /delete-complete: shown after an account is cancelled (the session is already gone). */
export default function DeleteCompletePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="cd-result-page">
      <Result
        status="success"
        title={t('exception.deleted.title')}
        subTitle={t('exception.deleted.subtitle')}
        extra={[
          <Button key="login" type="primary" onClick={() => navigate('/login')}>
            {t('exception.action.toLogin')}
          </Button>,
          <Button key="register" type="secondary" onClick={() => navigate('/register')}>
            {t('exception.action.register')}
          </Button>,
        ]}
      />
    </div>
  );
}
