import { Button } from '@arco-design/web-react';
import { IconLanguage } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../locales';
import { currentLocale, setLocale } from '../i18n';

/**
 * The public pages' language switch: with two languages a toggle is enough, and it keeps the
 * login page free of Arco's popup machinery. Shows the language it switches to, named in itself.
 */
export function LocaleSwitch({ inverse = false }: { inverse?: boolean }) {
  const { t } = useTranslation();
  const next = LOCALES.find((l) => l !== currentLocale()) ?? LOCALES[0];
  return (
    <Button
      type="text"
      icon={<IconLanguage />}
      lang={next}
      aria-label={t('login.locale.switch')}
      className={inverse ? 'cd-locale-switch cd-locale-switch--inverse' : 'cd-locale-switch'}
      onClick={() => void setLocale(next)}
    >
      {t(`login.locale.${next}`)}
    </Button>
  );
}
