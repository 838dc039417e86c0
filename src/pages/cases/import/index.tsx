import {
  Alert,
  Button,
  Card,
  Progress,
  Radio,
  Space,
  Statistic,
  Table,
  type TableColumnProps,
  Tag,
  Typography,
  Upload,
} from '@arco-design/web-react';
import type { UploadItem } from '@arco-design/web-react/es/Upload';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CaseImport,
  type CaseImportSummary,
  IMPORT_COLUMNS,
  IMPORT_PARTY_COLUMNS,
  IMPORT_PARTY_SHEET,
  type ImportError,
  type ImportMode,
} from '../../../../contract/case-intake';
import { formatDateTime } from '../../../../contract/dates';
import type { Paged } from '../../../../contract/paging';
import { downloadFile } from '../../../api/download';
import { apiGet, apiPost } from '../../../api/request';
import { ImportPlacement, type Placement, placementError } from './Placement';

const POLL_MS = 1000;
const HISTORY_PAGE = 10;
const HEADER_OF = new Map<string, string>(IMPORT_COLUMNS.map((c) => [c.field, c.header]));
const PARTY_HEADER_OF = new Map<string, string>(IMPORT_PARTY_COLUMNS.map((c) => [c.field, c.header]));
/** A refused row's column as its sheet heads it (the 当事人 sheet has columns of its own). */
const headerOf = (e: ImportError) =>
  (e.sheet === IMPORT_PARTY_SHEET ? PARTY_HEADER_OF : HEADER_OF).get(e.field) ?? e.field;
const STATUS_COLOR = { running: 'arcoblue', done: 'green', failed: 'red' } as const;

/**
 * /list/case-import: the template, a file and a mode, then the import's progress (polled until
 * it ends), its report (counts, the first errors, the refused rows as .xlsx) and the history.
 */
export default function CaseImportPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<UploadItem | null>(null);
  const [mode, setMode] = useState<ImportMode>('valid');
  const [placement, setPlacement] = useState<Placement>({ batchNo: '' });
  const [sending, setSending] = useState(false);
  const [current, setCurrent] = useState<CaseImport | null>(null);
  const [history, setHistory] = useState<Paged<CaseImportSummary>>({ list: [], total: 0 });
  const [page, setPage] = useState(1);

  const loadHistory = useCallback(async (p: number) => {
    setHistory(
      await apiGet<Paged<CaseImportSummary>>('/cases/imports', {
        params: { page: p, pageSize: HISTORY_PAGE },
      }),
    );
  }, []);
  useEffect(() => {
    loadHistory(page).catch(() => undefined);
  }, [loadHistory, page]);

  const show = useCallback(async (id: number) => {
    setCurrent(await apiGet<CaseImport>(`/cases/imports/${id}`));
  }, []);

  // While the import runs, ask again every second; when it ends, the history shows it too.
  const runningId = current?.status === 'running' ? current.id : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer (a new `current`) schedules the next poll
  useEffect(() => {
    if (runningId === null) return;
    let live = true;
    const timer = setTimeout(() => {
      apiGet<CaseImport>(`/cases/imports/${runningId}`).then(
        (next) => {
          if (!live) return;
          setCurrent(next);
          if (next.status !== 'running')
            loadHistory(1).then(
              () => setPage(1),
              () => undefined,
            );
        },
        () => undefined,
      );
    }, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [runningId, current, loadHistory]);

  const start = async () => {
    const raw = file?.originFile;
    if (!raw) return;
    const body = new FormData();
    body.append('mode', mode);
    // The fields before the file: the server reads them as the upload streams.
    if (placement.creditorId !== undefined) body.append('creditorId', String(placement.creditorId));
    if (placement.batchNo.trim()) body.append('batchNo', placement.batchNo.trim());
    if (placement.entrustedOn) body.append('entrustedOn', placement.entrustedOn);
    body.append('file', raw, raw.name);
    setSending(true);
    try {
      // A FormData body goes as multipart; the browser writes the boundary (src/api/client.ts).
      const { id } = await apiPost<{ id: number }>('/cases/imports', body);
      setFile(null);
      setPlacement((p) => ({ ...p, batchNo: '' }));
      await show(id);
      // The new job heads the history at once (running, or already done for a small file).
      setPage(1);
      await loadHistory(1);
    } catch {
      // The error catalogue has shown why the file was refused.
    } finally {
      setSending(false);
    }
  };

  const statusTag = (status: CaseImportSummary['status']) => (
    <Tag color={STATUS_COLOR[status]}>{t(`caseImport.status.${status}`)}</Tag>
  );

  const errorColumns: TableColumnProps<ImportError>[] = [
    { title: t('caseImport.sheet'), dataIndex: 'sheet', width: 100 },
    { title: t('caseImport.row'), dataIndex: 'row', width: 80 },
    {
      title: t('caseImport.field'),
      dataIndex: 'field',
      width: 160,
      render: (_: string, e) => headerOf(e),
    },
    { title: t('caseImport.reason'), dataIndex: 'reason' },
  ];

  const historyColumns: TableColumnProps<CaseImportSummary>[] = [
    { title: t('caseImport.fileName'), dataIndex: 'fileName', ellipsis: true, width: 160 },
    {
      title: t('caseImport.createdBy'),
      dataIndex: 'createdBy.name',
      render: (_, r) => r.createdBy.name,
      width: 90,
    },
    {
      title: t('caseImport.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (at: string) => formatDateTime(at),
    },
    {
      title: t('caseImport.mode'),
      dataIndex: 'mode',
      // The mode's words wrap to two lines: the counts after it stay on screen at 1366 px.
      width: 140,
      render: (m: ImportMode) => t(`caseImport.mode.${m}`),
    },
    { title: t('caseImport.status'), dataIndex: 'status', width: 90, render: statusTag },
    { title: t('caseImport.total'), dataIndex: 'total', width: 70 },
    { title: t('caseImport.imported'), dataIndex: 'imported', width: 70 },
    { title: t('caseImport.invalid'), dataIndex: 'invalid', width: 70 },
    {
      title: '',
      dataIndex: 'id',
      width: 180,
      fixed: 'right',
      render: (id: number, r) => (
        <Space>
          <Button size="mini" type="text" onClick={() => show(id)}>
            {t('caseImport.view')}
          </Button>
          {r.invalid > 0 && (
            <Button size="mini" type="text" onClick={() => downloadFile(`/cases/imports/${id}/errors`)}>
              {t('caseImport.downloadErrors')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  // Laid out at the columns' own widths: at 1366 x 768 every column, 无效行 included, is on screen.
  const historyWidth = historyColumns.reduce((sum, c) => sum + Number(c.width ?? 0), 0);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('menu.caseImport')} bordered={false}>
        <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 880 }}>
          <Alert type="info" content={t('caseImport.intro')} />
          <Button onClick={() => downloadFile('/cases/imports/template')}>{t('caseImport.template')}</Button>
          <ImportPlacement value={placement} onChange={setPlacement} />
          <Upload
            accept=".xlsx,.csv"
            autoUpload={false}
            limit={1}
            fileList={file ? [file] : []}
            onChange={(list) => setFile(list[list.length - 1] ?? null)}
            tip={t('caseImport.fileHint')}
          >
            <Button type="outline">{t('caseImport.file')}</Button>
          </Upload>
          <Space>
            <Typography.Text>{t('caseImport.mode')}</Typography.Text>
            <Radio.Group value={mode} onChange={(v: ImportMode) => setMode(v)}>
              <Radio value="valid">{t('caseImport.mode.valid')}</Radio>
              <Radio value="all">{t('caseImport.mode.all')}</Radio>
            </Radio.Group>
          </Space>
          <Button
            type="primary"
            onClick={start}
            loading={sending}
            disabled={!file || placementError(placement) !== null}
          >
            {t('caseImport.start')}
          </Button>
        </Space>
      </Card>

      {current && (
        <Card
          bordered={false}
          title={t(current.status === 'running' ? 'caseImport.running' : 'caseImport.report', {
            fileName: current.fileName,
          })}
          extra={statusTag(current.status)}
        >
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            {current.status === 'running' ? (
              <Progress
                percent={Math.floor((current.processed / Math.max(current.total, 1)) * 100)}
                aria-label={t('caseImport.running', { fileName: current.fileName })}
              />
            ) : (
              <>
                {current.failure && <Alert type="error" content={current.failure} />}
                {current.mode === 'all' && current.invalid > 0 && (
                  <Alert type="warning" content={t('caseImport.allRefused')} />
                )}
                <Space size={48}>
                  <Statistic title={t('caseImport.total')} value={current.total} groupSeparator />
                  <Statistic title={t('caseImport.imported')} value={current.imported} groupSeparator />
                  <Statistic title={t('caseImport.invalid')} value={current.invalid} groupSeparator />
                </Space>
                {current.errors.length > 0 && (
                  <>
                    <Space>
                      <Typography.Text bold>
                        {t('caseImport.errors', { count: current.errors.length })}
                      </Typography.Text>
                      <Button
                        size="small"
                        onClick={() => downloadFile(`/cases/imports/${current.id}/errors`)}
                      >
                        {t('caseImport.downloadErrors')}
                      </Button>
                    </Space>
                    <Table
                      rowKey={(e) => `${e.sheet}-${e.row}-${e.field}`}
                      columns={errorColumns}
                      data={current.errors}
                      pagination={{ pageSize: 10 }}
                      size="small"
                    />
                  </>
                )}
              </>
            )}
          </Space>
        </Card>
      )}

      <Card title={t('caseImport.history')} bordered={false}>
        <Table
          rowKey="id"
          columns={historyColumns}
          scroll={{ x: historyWidth }}
          data={history.list}
          pagination={{
            current: page,
            pageSize: HISTORY_PAGE,
            total: history.total,
            onChange: (p) => setPage(p),
          }}
        />
      </Card>
    </Space>
  );
}
