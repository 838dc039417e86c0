import { Button, Result, Steps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { successOutcome } from './outcomes';
import '../exception/result-page.css';

/** /outcome/success?kind=lawfirmRegistered|lawyerRegistered|passwordReset (generic without a kind). */
export default function SuccessOutcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const outcome = successOutcome(search.get('kind'));
  const run = {
    toLogin: () => navigate('/login'),
    backHome: () => navigate('/'),
    backToEdit: () => navigate(-1),
  };

  return (
    <div className="cd-result-page">
      <div className="cd-result-card">
        <Result
          status="success"
          title={t(outcome.title)}
          subTitle={t(outcome.subtitle)}
          extra={outcome.actions.map((action, i) => (
            <Button key={action} type={i === 0 ? 'primary' : 'secondary'} onClick={run[action]}>
              {t(`exception.action.${action}`)}
            </Button>
          ))}
        />
        {outcome.reviewSteps ? (
          <section className="cd-result-steps">
            <h2>{t('exception.steps.title')}</h2>
            <Steps current={2}>
              <Steps.Step title={t('exception.steps.submitted')} />
              <Steps.Step title={t('exception.steps.review')} />
              <Steps.Step title={t('exception.steps.done')} />
            </Steps>
          </section>
        ) : null}
      </div>
    </div>
  );
}
