import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return <footer className="layout-footer">{t('footer.copyright')}</footer>;
}
