import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconDown, IconLanguage } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../locales';
import { currentLocale, setLocale } from '../../i18n';

const label = (locale: Locale) => `navbar.language.${locale.replace('-', '')}`;

/**
 * The navbar's language choice: a select-only combobox over Arco's Dropdown and Menu, which
 * the user menu and the tab bar load anyway (Arco's Select would bring Input, InputTag,
 * Checkbox and a virtual list with it).
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = currentLocale();
  const listbox = (
    <Menu
      role="listbox"
      aria-label={t('navbar.language')}
      selectedKeys={[current]}
      onClickMenuItem={(key) => void setLocale(key as Locale)}
    >
      {LOCALES.map((locale) => (
        <Menu.Item key={locale} role="option" aria-selected={locale === current} lang={locale}>
          {t(label(locale))}
        </Menu.Item>
      ))}
    </Menu>
  );
  return (
    <Dropdown droplist={listbox} trigger="click" position="br" popupVisible={open} onVisibleChange={setOpen}>
      <Button
        size="small"
        role="combobox"
        aria-label={t('navbar.language')}
        aria-haspopup="listbox"
        aria-expanded={open}
        icon={<IconLanguage />}
        className="navbar-language"
      >
        {t(label(current))}
        <IconDown className="navbar-language-arrow" />
      </Button>
    </Dropdown>
  );
}
