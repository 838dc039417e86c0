import { Empty, Table, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { DiffEntry } from '../../../../contract/versions';

/** A JSON value as one short line; absent (added or removed) shown as a dash. */
function shown(value: unknown, present: boolean): string {
  if (!present) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * What changed between two versions, side by side: each JSON-pointer path (`/columns/3/title`)
 * with the value on the left (`before`) and on the right (`after`), as contract/versions.ts
 * jsonDiff and `GET .../diff` give them.
 */
export function DiffView({
  list,
  beforeLabel,
  afterLabel,
}: {
  list: readonly DiffEntry[];
  beforeLabel: string;
  afterLabel: string;
}) {
  const { t } = useTranslation();
  if (list.length === 0) return <Empty description={t('versions.noDifference')} />;
  return (
    <Table
      size="small"
      rowKey="path"
      pagination={false}
      data-testid="version-diff"
      data={list.map((d) => ({ ...d }))}
      columns={[
        {
          title: t('versions.path'),
          dataIndex: 'path',
          render: (path: string) => <Typography.Text code>{path}</Typography.Text>,
        },
        {
          title: beforeLabel,
          render: (_: unknown, d: DiffEntry) => (
            <span className="version-diff-before">{shown(d.before, 'before' in d)}</span>
          ),
        },
        {
          title: afterLabel,
          render: (_: unknown, d: DiffEntry) => (
            <span className="version-diff-after">{shown(d.after, 'after' in d)}</span>
          ),
        },
      ]}
    />
  );
}
