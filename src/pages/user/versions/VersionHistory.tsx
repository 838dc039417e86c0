import { Button, Empty, Popconfirm, Space, Table, type TableColumnProps, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../contract/dates';
import type { PageHistory, PageVersion } from '../../../../contract/page-api';

interface Props {
  history: PageHistory;
  busy: boolean;
  onLoad(version: PageVersion): void;
  onRevert(version: number): void;
}

/** Every saved version, newest first: open one in the editor, or save it again as the newest. */
export function VersionHistory({ history, busy, onLoad, onRevert }: Props) {
  const { t } = useTranslation();
  if (history.list.length === 0) return <Empty description={t('pageEditor.noHistory')} />;
  const newest = history.list[0].version;

  const columns: TableColumnProps<PageVersion>[] = [
    {
      title: t('pageEditor.version'),
      dataIndex: 'version',
      width: 120,
      render: (_, v) => (
        <Space size={4}>
          {`v${v.version}`}
          {v.version === newest && history.source === 'stored' && (
            <Tag size="small" color="green">
              {t('pageEditor.current')}
            </Tag>
          )}
        </Space>
      ),
    },
    { title: t('pageEditor.savedBy'), dataIndex: 'savedBy', render: (_, v) => v.savedBy?.name ?? '-' },
    {
      title: t('pageEditor.savedAt'),
      dataIndex: 'savedAt',
      render: (_, v) => formatDateTime(v.savedAt),
    },
    {
      title: t('common.actions'),
      dataIndex: 'actions',
      width: 220,
      render: (_, v) => (
        <Space size={0}>
          <Button type="text" size="small" onClick={() => onLoad(v)}>
            {t('pageEditor.openVersion')}
          </Button>
          <Popconfirm
            focusLock
            title={t('pageEditor.revertConfirm', { version: v.version })}
            okText={t('pageEditor.revert')}
            cancelText={t('common.cancel')}
            onOk={() => onRevert(v.version)}
          >
            <Button type="text" size="small" status="warning" disabled={busy}>
              {t('pageEditor.revert')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table
      rowKey="version"
      size="small"
      columns={columns}
      data={history.list}
      pagination={history.list.length > 10 ? { pageSize: 10 } : false}
    />
  );
}
