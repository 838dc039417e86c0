import { Input, Radio, Select, Space, Typography } from '@arco-design/web-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Title } from '../../../../contract/title';
import menuTitles from '../../../../locales/zh-CN/menu';

/** Title keys a node may take: the menu catalogue's (locales/zh-CN/menu.ts). */
const TITLE_KEYS = Object.keys(menuTitles);

interface Props {
  value: Title;
  onChange(title: Title): void;
}

/**
 * A title as a catalogue key (picked from the menu's keys, with its translation) or as plain
 * text in both languages (contract/title.ts): switching to text starts from the key's own
 * translations, switching back from the key it had, else the first.
 */
export function TitleInput({ value, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const isKey = typeof value === 'string';
  const titleKeys = useMemo(
    () => (isKey && !TITLE_KEYS.includes(value) ? [value, ...TITLE_KEYS] : TITLE_KEYS),
    [value, isKey],
  );
  const toText = () => {
    if (!isKey) return;
    const fixed = (lng: string) => i18n.getFixedT(lng)(value) as string;
    onChange({ 'zh-CN': fixed('zh-CN'), 'en-US': fixed('en-US') });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Radio.Group
        type="button"
        size="small"
        value={isKey ? 'key' : 'text'}
        onChange={(kind: string) =>
          kind === 'text' ? toText() : onChange(TITLE_KEYS[0] ?? 'menu.dashboard')
        }
      >
        <Radio value="key">{t('titleInput.key')}</Radio>
        <Radio value="text">{t('titleInput.text')}</Radio>
      </Radio.Group>
      {isKey ? (
        <Select
          aria-label={t('menuEditor.titleKey')}
          showSearch
          value={value}
          onChange={(title: string) => onChange(title)}
          renderFormat={(_, v) => `${t(String(v))} · ${String(v)}`}
          filterOption={(input, option) => {
            const key = String((option as { props?: { value?: string } }).props?.value ?? '');
            const needle = input.toLowerCase();
            return key.toLowerCase().includes(needle) || t(key).toLowerCase().includes(needle);
          }}
        >
          {titleKeys.map((key) => (
            <Select.Option key={key} value={key}>
              <span className="menu-editor-title-option">
                <span>{t(key)}</span>
                <Typography.Text type="secondary">{key}</Typography.Text>
              </span>
            </Select.Option>
          ))}
        </Select>
      ) : (
        <>
          <Input
            aria-label={t('titleInput.zhCN')}
            addBefore="中文"
            maxLength={60}
            value={value['zh-CN']}
            onChange={(text) => onChange({ ...value, 'zh-CN': text })}
          />
          <Input
            aria-label={t('titleInput.enUS')}
            addBefore="English"
            maxLength={60}
            value={value['en-US']}
            onChange={(text) => onChange({ ...value, 'en-US': text })}
          />
        </>
      )}
    </Space>
  );
}
