import { IconCheckCircle } from '@arco-design/web-react/icon';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/BrandLogo';
import { LocaleSwitch } from '../../components/LocaleSwitch';
import { BannerIllustration } from './BannerIllustration';
import { LoginForm } from './LoginForm';
import '../../components/public-forms.css';
import './login.css';

const FEATURES = [
  'login.banner.feature.cases',
  'login.banner.feature.mediation',
  'login.banner.feature.compliance',
];

/** /login: brand panel with the slogan on the left, the form on the right (Arco Design Pro's layout). */
export default function LoginPage() {
  const { t } = useTranslation();
  const title = `${t('login.form.submit')} - ${t('app.title')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div className="cd-login">
      <aside className="cd-login-banner">
        <BrandLogo inverse />
        <div className="cd-login-banner__body">
          <h2 className="cd-login-banner__slogan">{t('app.slogan')}</h2>
          <ul className="cd-login-banner__features">
            {FEATURES.map((key) => (
              <li key={key}>
                <IconCheckCircle />
                <span>{t(key)}</span>
              </li>
            ))}
          </ul>
          <BannerIllustration />
        </div>
      </aside>
      <main className="cd-login-main">
        <div className="cd-login-main__bar">
          <span className="cd-login-main__brand">
            <BrandLogo />
          </span>
          <LocaleSwitch />
        </div>
        <section className="cd-login-panel" aria-labelledby="login-title">
          <h1 id="login-title" className="cd-login-panel__title">
            {t('login.form.title')}
          </h1>
          <p className="cd-login-panel__subtitle">{t('login.form.subtitle')}</p>
          <p className="cd-login-panel__slogan">{t('app.slogan')}</p>
          <LoginForm />
        </section>
        <footer className="cd-login-main__footer">{t('login.footer')}</footer>
      </main>
    </div>
  );
}
