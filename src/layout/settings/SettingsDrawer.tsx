import {
  Alert,
  Button,
  ColorPicker,
  Divider,
  Drawer,
  InputNumber,
  Message,
  Select,
  Switch,
} from '@arco-design/web-react';
import { IconSettings } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../locales';
import { currentLocale, setLocale } from '../../i18n';
import { type Settings, settingsStore, useSettings } from '../../settings/store';

interface Props {
  visible: boolean;
  onClose: () => void;
}

type BooleanSetting = { [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="settings-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

/** The 300 px settings drawer; every change lands in the one settings store at once. */
export default function SettingsDrawer({ visible, onClose }: Props) {
  const { t } = useTranslation();
  const settings = useSettings();
  const toggle = (key: BooleanSetting) => (
    <Switch
      size="small"
      checked={settings[key]}
      aria-label={t(`settings.${key}`)}
      onChange={(checked) => settingsStore.set(key, checked)}
    />
  );

  const copy = async () => {
    const text = JSON.stringify({ ...settings, locale: currentLocale() }, null, 2);
    try {
      await navigator.clipboard.writeText(text);
      Message.success(t('settings.copy.done'));
    } catch {
      Message.error(t('settings.copy.failed'));
    }
  };

  return (
    <Drawer
      width={300}
      title={
        <>
          <IconSettings /> {t('settings.title')}
        </>
      }
      visible={visible}
      okText={t('settings.copy')}
      cancelText={t('settings.close')}
      onOk={copy}
      onCancel={onClose}
      className="settings-drawer"
    >
      <h5 className="settings-heading">{t('settings.themeColor')}</h5>
      <ColorPicker
        value={settings.themeColor}
        showPreset
        onChange={(value) => settingsStore.set('themeColor', String(value))}
      />
      <Divider />
      <h5 className="settings-heading">{t('settings.content')}</h5>
      <Row label={t('settings.navbar')}>{toggle('navbar')}</Row>
      <Row label={t('settings.menu')}>{toggle('menu')}</Row>
      <Row label={t('settings.topMenu')}>{toggle('topMenu')}</Row>
      <Row label={t('settings.tabBar')}>{toggle('tabBar')}</Row>
      <Row label={t('settings.footer')}>{toggle('footer')}</Row>
      <Row label={t('settings.menuWidth')}>
        <InputNumber
          size="small"
          style={{ width: 96 }}
          min={160}
          max={400}
          step={10}
          value={settings.menuWidth}
          aria-label={t('settings.menuWidth')}
          onChange={(value) => typeof value === 'number' && settingsStore.set('menuWidth', value)}
        />
      </Row>
      <Divider />
      <h5 className="settings-heading">{t('settings.otherSettings')}</h5>
      <Row label={t('settings.darkTheme')}>
        <Switch
          size="small"
          checked={settings.theme === 'dark'}
          aria-label={t('settings.darkTheme')}
          onChange={(checked) => settingsStore.set('theme', checked ? 'dark' : 'light')}
        />
      </Row>
      <Row label={t('settings.colorWeak')}>{toggle('colorWeak')}</Row>
      <Row label={t('settings.menuFromServer')}>{toggle('menuFromServer')}</Row>
      <Row label={t('settings.language')}>
        <Select
          size="small"
          style={{ width: 110 }}
          value={currentLocale()}
          aria-label={t('settings.language')}
          onChange={(value: Locale) => void setLocale(value)}
          options={[
            { value: 'zh-CN', label: t('navbar.language.zhCN') },
            { value: 'en-US', label: t('navbar.language.enUS') },
          ]}
        />
      </Row>
      <Divider />
      <Alert content={t('settings.alert')} />
      <Button long style={{ marginTop: 12 }} onClick={() => settingsStore.reset()}>
        {t('settings.reset')}
      </Button>
    </Drawer>
  );
}
