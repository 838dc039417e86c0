import { Button, Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './result-page.css';

export type ExceptionStatus = '403' | '404' | '500';

/** What each exception page offers (404: the page may come back, or the user may step back). */
const ACTIONS: Record<ExceptionStatus, Array<'backHome' | 'retry' | 'back'>> = {
  '403': ['backHome'],
  '404': ['retry', 'back'],
  '500': ['backHome'],
};

export function ExceptionResult({ status }: { status: ExceptionStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const run = { backHome: () => navigate('/'), retry: () => navigate(0), back: () => navigate(-1) };
  return (
    <div className="cd-result-page">
      <Result
        status={status}
        title={status}
        subTitle={t(`exception.${status}.subtitle`)}
        extra={ACTIONS[status].map((action, i) => (
          <Button key={action} type={i === 0 ? 'primary' : 'secondary'} onClick={run[action]}>
            {t(`exception.action.${action}`)}
          </Button>
        ))}
      />
    </div>
  );
}
