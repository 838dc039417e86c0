import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ArcoLocale } from '../app/ArcoLocale';
import { BrandLogo } from './BrandLogo';
import { LocaleSwitch } from './LocaleSwitch';
import { RouteLink } from './RouteLink';
import './public-forms.css';

interface PublicShellProps {
  /** Message keys. */
  title: string;
  subtitle?: string;
  width?: 'narrow' | 'wide' | 'document';
  children: ReactNode;
}

/** The frame of the public pages other than login: brand bar, language, one centred card. */
export function PublicShell({ title, subtitle, width = 'narrow', children }: PublicShellProps) {
  const { t } = useTranslation();
  const heading = t(title);
  const appTitle = t('app.title');
  useEffect(() => {
    document.title = `${heading} - ${appTitle}`;
  }, [heading, appTitle]);

  return (
    <ArcoLocale>
      <div className="cd-public">
        <header className="cd-public__header">
          <RouteLink to="/login" className="cd-public__home" aria-label={t('login.backToLogin')}>
            <BrandLogo />
          </RouteLink>
          <LocaleSwitch />
        </header>
        <main className={`cd-public__card cd-public__card--${width}`}>
          <h1 className="cd-public__title">{heading}</h1>
          {subtitle ? <p className="cd-public__subtitle">{t(subtitle)}</p> : null}
          {children}
        </main>
        <footer className="cd-public__footer">{t('login.footer')}</footer>
      </div>
    </ArcoLocale>
  );
}
