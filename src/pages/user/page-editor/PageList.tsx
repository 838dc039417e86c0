import { Input, List, Tag, Typography } from '@arco-design/web-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageSummary } from '../../../../contract/page-api';
import { titleOf } from '../../../i18n';

const SOURCE_COLORS = { stored: 'arcoblue', catalog: 'green', missing: 'gray' } as const;

/** The pages the editor can open, searchable by id or translated title. */
export function PageList({
  pages,
  selected,
  onSelect,
}: {
  pages: PageSummary[];
  selected: string | null;
  onSelect(id: string): void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return pages;
    return pages.filter((p) => p.id.includes(needle) || titleOf(p.title).toLowerCase().includes(needle));
  }, [pages, query]);

  return (
    <div className="page-editor-list">
      <Input.Search
        allowClear
        aria-label={t('pageEditor.search')}
        placeholder={t('pageEditor.search')}
        value={query}
        onChange={setQuery}
      />
      <List
        size="small"
        dataSource={shown}
        noDataElement={<Typography.Text type="secondary">{t('common.empty')}</Typography.Text>}
        render={(page) => (
          <List.Item
            key={page.id}
            className={page.id === selected ? 'page-editor-list-item is-selected' : 'page-editor-list-item'}
            onClick={() => onSelect(page.id)}
            aria-current={page.id === selected ? 'true' : undefined}
            role="button"
            tabIndex={0}
            onKeyDown={(e) => e.key === 'Enter' && onSelect(page.id)}
          >
            <div className="page-editor-list-title">{titleOf(page.title)}</div>
            <div className="page-editor-list-meta">
              <Typography.Text type="secondary">{page.id}</Typography.Text>
              <Tag size="small" color={SOURCE_COLORS[page.source]}>
                {page.source === 'stored'
                  ? t('pageEditor.source.stored', { version: page.version })
                  : t(`pageEditor.source.${page.source}`)}
              </Tag>
            </div>
          </List.Item>
        )}
      />
    </div>
  );
}
