import { useTranslation } from 'react-i18next';

/** The product mark (a balance), the one drawing of it: the login page's and the navbar's. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#165DFF" />
      <path d="M16 7v17M10 24h12" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <path d="M8 11h16" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <path d="M8 11l-3 7h6l-3-7zM24 11l-3 7h6l-3-7z" fill="#fff" fillOpacity=".85" />
    </svg>
  );
}

/** The product mark and name. */
export function BrandLogo({ inverse = false }: { inverse?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={inverse ? 'cd-brand cd-brand--inverse' : 'cd-brand'}>
      <BrandMark />
      <span className="cd-brand__name">{t('app.shortTitle')}</span>
    </span>
  );
}
