import { Button, Result } from '@arco-design/web-react';
import { IconCloseCircle } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { FailureState } from './outcomes';
import '../exception/result-page.css';

/** /outcome/fail: what went wrong (route state from the form that failed), back to edit or home. */
export default function FailureOutcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as FailureState;
  const details = state.details?.length ? state.details : [t('exception.failure.unknown')];
  const backToEdit = () => (state.backTo ? navigate(state.backTo) : navigate(-1));

  return (
    <div className="cd-result-page">
      <div className="cd-result-card">
        <Result
          status="error"
          title={t('exception.failure.title')}
          subTitle={state.subtitle ?? t('exception.failure.subtitle')}
          extra={[
            <Button key="edit" type="primary" onClick={backToEdit}>
              {t('exception.action.backToEdit')}
            </Button>,
            <Button key="home" type="secondary" onClick={() => navigate('/')}>
              {t('exception.action.backHome')}
            </Button>,
          ]}
        />
        <section className="cd-result-detail" aria-labelledby="failure-detail">
          <h2 id="failure-detail">{t('exception.failure.detailTitle')}</h2>
          <p>{t('exception.failure.detailIntro')}</p>
          <ul>
            {details.map((line) => (
              <li key={line}>
                <IconCloseCircle />
                <span>{line}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
