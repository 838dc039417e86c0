import { Button, Checkbox, Popover, Space } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconSettings } from '@arco-design/web-react/icon';
import { useRegistryEnv } from '../../context';
import type { ArrangedColumn, ColumnSetting } from './column-settings';

interface Props {
  columns: readonly ArrangedColumn[];
  onChange: (setting: ColumnSetting | null) => void;
}

function settingOf(columns: readonly ArrangedColumn[]): ColumnSetting {
  return {
    order: columns.map((column) => column.key),
    hidden: columns.filter((column) => !column.visible).map((column) => column.key),
  };
}

/** Show, hide and reorder the columns; the last visible column cannot be hidden. */
export function ColumnSettings({ columns, onChange }: Props) {
  const { t } = useRegistryEnv();
  const visibleCount = columns.filter((column) => column.visible).length;
  const toggle = (key: string, visible: boolean) =>
    onChange(settingOf(columns.map((column) => (column.key === key ? { ...column, visible } : column))));
  const move = (index: number, by: -1 | 1) => {
    const next = [...columns];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange(settingOf(next));
  };
  const content = (
    <div data-testid="column-settings" style={{ minWidth: 220 }}>
      {columns.map((column, i) => {
        const title = t(column.column.title);
        return (
          <div key={column.key} style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '2px 0' }}>
            <Checkbox
              checked={column.visible}
              disabled={column.visible && visibleCount === 1}
              onChange={(checked) => toggle(column.key, checked)}
              style={{ flex: 1 }}
            >
              {title}
            </Checkbox>
            <Button
              size="mini"
              type="text"
              icon={<IconArrowUp />}
              disabled={i === 0}
              aria-label={t('registry.columns.moveUp', { title })}
              onClick={() => move(i, -1)}
            />
            <Button
              size="mini"
              type="text"
              icon={<IconArrowDown />}
              disabled={i === columns.length - 1}
              aria-label={t('registry.columns.moveDown', { title })}
              onClick={() => move(i, 1)}
            />
          </div>
        );
      })}
      <Space style={{ marginTop: 8 }}>
        <Button size="mini" onClick={() => onChange(null)}>
          {t('registry.columns.reset')}
        </Button>
      </Space>
    </div>
  );
  return (
    <Popover trigger="click" position="br" title={t('registry.columns.title')} content={content}>
      <Button icon={<IconSettings />} aria-label={t('registry.columns.title')} />
    </Popover>
  );
}
