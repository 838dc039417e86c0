import { Button } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublicShell } from '../../components/PublicShell';
import './agreement.css';

/** Sections of the agreement; each has `.title` and `.body` keys, paragraphs split by newlines. */
const SECTIONS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9'];

/** /lawyer-agreement: the lawyer onboarding agreement the registration form asks to accept. */
export default function LawyerAgreementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PublicShell title="register.agreement.title" subtitle="register.agreement.updated" width="document">
      <article className="cd-agreement">
        <p>{t('register.agreement.intro')}</p>
        {SECTIONS.map((section, index) => (
          <section key={section}>
            <h2>
              {index + 1}. {t(`register.agreement.${section}.title`)}
            </h2>
            {t(`register.agreement.${section}.body`)
              .split('\n')
              .map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
          </section>
        ))}
      </article>
      <div className="cd-agreement__actions">
        <Button type="primary" onClick={() => navigate('/lawyer-register')}>
          {t('register.agreement.backToRegister')}
        </Button>
      </div>
    </PublicShell>
  );
}
