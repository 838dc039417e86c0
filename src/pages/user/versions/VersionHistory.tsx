import {
  Button,
  Card,
  Empty,
  Popconfirm,
  Space,
  Spin,
  Table,
  type TableColumnProps,
  Tag,
} from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../contract/dates';
import type { DiffEntry } from '../../../../contract/versions';
import { LoadFailed } from '../../../../ui-registry';
import { apiGet } from '../../../api/request';
import { DiffView } from './DiffView';

/** One published version of a page or a role's menu, as either history lists it. */
export interface HistoryEntry {
  version: number;
  savedAt: string;
  savedBy: { id: number; name: string } | null;
  /** Menus: how the version came about (a save, a reset to the product's default, a restore). */
  kind?: 'save' | 'reset' | 'revert';
}

interface Props<V extends HistoryEntry> {
  /** `/pages/:id` or `/menus/:role`: where `…/diff` is asked. */
  url: string;
  /** Newest first. */
  list: readonly V[];
  /** The version published now (the newest), or null when what is served is no stored version. */
  current: number | null;
  busy: boolean;
  /** Opens a version in the editor (the page editor's JSON); absent: no such action. */
  onLoad?(version: V): void;
  onRestore(version: number): void;
}

/** A version against the current one, from `GET <url>/diff?from=&to=`. */
function VersionDiff({ url, from, to, onClose }: { url: string; from: number; to: number; onClose(): void }) {
  const { t } = useTranslation();
  const [list, setList] = useState<DiffEntry[] | null | 'failed'>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` (retry) reads again
  useEffect(() => {
    let live = true;
    setList(null);
    apiGet<{ list: DiffEntry[] }>(`${url}/diff?from=${from}&to=${to}`, { silent: true })
      .then((answer) => live && setList(answer.list))
      .catch(() => live && setList('failed'));
    return () => {
      live = false;
    };
  }, [url, from, to, attempt]);
  return (
    <Card
      size="small"
      className="version-history-diff"
      title={t('versions.diffTitle', { from, to })}
      extra={
        <Button type="text" size="small" onClick={onClose}>
          {t('versions.closeDiff')}
        </Button>
      }
    >
      {list === null ? (
        <Spin block />
      ) : list === 'failed' ? (
        <LoadFailed title={t('versions.diffFailed')} onRetry={() => setAttempt((n) => n + 1)} />
      ) : (
        <DiffView
          list={list}
          beforeLabel={t('versions.versionLabel', { version: from })}
          afterLabel={t('versions.currentLabel', { version: to })}
        />
      )}
    </Card>
  );
}

/**
 * Every published version, newest first, with who published it and when: compare any with the
 * current one side by side, open it in the editor (pages), or publish it again as the newest
 * (after a confirmation; the editor sends the version it loaded as `If-Match`).
 */
export function VersionHistory<V extends HistoryEntry>({
  url,
  list,
  current,
  busy,
  onLoad,
  onRestore,
}: Props<V>) {
  const { t } = useTranslation();
  // Kept with the page or menu it was asked for: opening another closes it.
  const [asked, setCompared] = useState<{ url: string; version: number } | null>(null);
  const compared = asked?.url === url ? asked.version : null;
  if (list.length === 0) return <Empty description={t('versions.noHistory')} />;

  const columns: TableColumnProps<V>[] = [
    {
      title: t('versions.version'),
      dataIndex: 'version',
      width: 150,
      render: (_, v) => (
        <Space size={4}>
          {`v${v.version}`}
          {v.version === current && (
            <Tag size="small" color="green">
              {t('versions.current')}
            </Tag>
          )}
          {v.kind && v.kind !== 'save' && <Tag size="small">{t(`versions.kind.${v.kind}`)}</Tag>}
        </Space>
      ),
    },
    {
      title: t('versions.savedBy'),
      dataIndex: 'savedBy',
      render: (_, v) => v.savedBy?.name ?? t('versions.seed'),
    },
    { title: t('versions.savedAt'), dataIndex: 'savedAt', render: (_, v) => formatDateTime(v.savedAt) },
    {
      title: t('common.actions'),
      dataIndex: 'actions',
      width: 300,
      render: (_, v) => (
        <Space size={0}>
          <Button
            type="text"
            size="small"
            disabled={current === null || v.version === current}
            onClick={() => setCompared({ url, version: v.version })}
          >
            {t('versions.compare')}
          </Button>
          {onLoad && (
            <Button type="text" size="small" onClick={() => onLoad(v)}>
              {t('versions.openVersion')}
            </Button>
          )}
          <Popconfirm
            focusLock
            title={t('versions.restoreConfirm', { version: v.version })}
            okText={t('versions.restore')}
            cancelText={t('common.cancel')}
            onOk={() => onRestore(v.version)}
          >
            <Button type="text" size="small" status="warning" disabled={busy}>
              {t('versions.restore')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table
        rowKey="version"
        size="small"
        data-testid="version-history"
        columns={columns}
        data={[...list]}
        pagination={list.length > 10 ? { pageSize: 10 } : false}
      />
      {compared !== null && current !== null && (
        <VersionDiff url={url} from={compared} to={current} onClose={() => setCompared(null)} />
      )}
    </Space>
  );
}
