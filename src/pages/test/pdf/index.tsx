import {
  Alert,
  Card,
  Empty,
  Grid,
  Input,
  Result,
  Space,
  Spin,
  Switch,
  Table,
  type TableColumnProps,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentRow } from '../../../../contract/operations-api';
import type { Paged } from '../../../../contract/paging';
import { LoadFailed } from '../../../../ui-registry';
import { ApiFailure, apiGet, httpClient } from '../../../api/request';

type ListState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; data: Paged<AttachmentRow> };

type FileState =
  | { status: 'idle' }
  | { status: 'notPdf' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; url: string };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * /test/pdf (superAdmin): a case attachment shown in the page. The file comes from
 * GET /api/attachments/:id/file with the session's token, so it is fetched as a blob and shown
 * from an object URL (an <iframe src> to the API would go without the Authorization header).
 * Only PDFs can be shown; for any other attachment the page says so instead of fetching.
 */
export default function PdfViewer() {
  const { t } = useTranslation();
  // What the list shows (searched on Enter), apart from what is being typed.
  const [query, setQuery] = useState({ caseNo: '', pdfOnly: true });
  const [draft, setDraft] = useState('');
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [selected, setSelected] = useState<AttachmentRow | null>(null);
  const [file, setFile] = useState<FileState>({ status: 'idle' });

  const loadList = useCallback(async () => {
    setList({ status: 'loading' });
    try {
      const data = await apiGet<Paged<AttachmentRow>>('/attachments', {
        params: { caseNo: query.caseNo || undefined, pdf: query.pdfOnly ? 'true' : undefined, pageSize: 50 },
        silent: true,
      });
      setList({ status: 'ready', data });
    } catch (error) {
      setList({ status: 'failed', message: message(error) });
    }
  }, [query]);

  useEffect(() => {
    void loadList();
  }, [loadList]);

  // The object URL lives as long as it is shown.
  useEffect(() => {
    if (file.status !== 'ready') return;
    return () => URL.revokeObjectURL(file.url);
  }, [file]);

  useEffect(() => {
    if (!selected) return;
    if (!selected.isPdf) {
      setFile({ status: 'notPdf' });
      return;
    }
    const abort = new AbortController();
    setFile({ status: 'loading' });
    httpClient()
      .then((http) =>
        http.get<Blob>(`/attachments/${selected.id}/file`, {
          responseType: 'blob',
          silent: true,
          signal: abort.signal,
        }),
      )
      .then((response) => {
        const blob = new Blob([response.data], { type: 'application/pdf' });
        setFile({ status: 'ready', url: URL.createObjectURL(blob) });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        setFile({ status: 'failed', message: error instanceof ApiFailure ? error.message : message(error) });
      });
    return () => abort.abort();
  }, [selected]);

  const columns: TableColumnProps<AttachmentRow>[] = [
    {
      title: t('operations.pdf.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Space size={4}>
          <span>{name}</span>
          {!row.isPdf && <Tag size="small">{t('operations.pdf.notPdf')}</Tag>}
        </Space>
      ),
    },
    { title: t('operations.pdf.case'), dataIndex: 'caseNo', width: 130 },
    {
      title: t('operations.pdf.size'),
      dataIndex: 'size',
      width: 110,
      align: 'right',
      render: (size: number) => `${(size / 1024).toFixed(0)} KB`,
    },
  ];

  const preview = () => {
    if (!selected) return <Empty description={t('operations.pdf.choose')} />;
    if (file.status === 'notPdf') {
      return (
        <Result
          status="warning"
          title={t('operations.pdf.notPdfTitle', { name: selected.name })}
          subTitle={t('operations.pdf.notPdfDetail')}
        />
      );
    }
    if (file.status === 'failed') {
      return (
        <LoadFailed
          title={t('operations.pdf.loadFailed')}
          reason={file.message}
          // The same row as a new object: the file effect runs again.
          onRetry={() => setSelected((row) => row && { ...row })}
        />
      );
    }
    if (file.status !== 'ready') return <Spin block style={{ minHeight: 400 }} />;
    return (
      <iframe
        title={t('operations.pdf.frameTitle', { name: selected.name })}
        src={file.url}
        style={{ width: '100%', height: '75vh', border: '1px solid var(--color-neutral-3)' }}
      />
    );
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Alert type="info" content={t('operations.pdf.intro')} />
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} lg={10}>
          <Card bordered={false} title={t('operations.pdf.attachments')}>
            <Space direction="vertical" size={12} style={{ width: '100%' }}>
              <Space wrap>
                <Input.Search
                  allowClear
                  style={{ width: 260 }}
                  maxLength={20}
                  placeholder={t('operations.pdf.caseNoPlaceholder')}
                  aria-label={t('operations.pdf.caseNo')}
                  value={draft}
                  onChange={setDraft}
                  onSearch={(value) => setQuery({ ...query, caseNo: value.trim() })}
                  onClear={() => setQuery({ ...query, caseNo: '' })}
                />
                <Space size={6}>
                  <Switch
                    checked={query.pdfOnly}
                    onChange={(pdfOnly) => setQuery({ ...query, pdfOnly })}
                    aria-label={t('operations.pdf.pdfOnly')}
                  />
                  <Typography.Text>{t('operations.pdf.pdfOnly')}</Typography.Text>
                </Space>
              </Space>
              {list.status === 'failed' ? (
                <LoadFailed
                  title={t('operations.pdf.listFailed')}
                  reason={list.message}
                  onRetry={() => void loadList()}
                />
              ) : (
                <Table<AttachmentRow>
                  size="small"
                  rowKey="id"
                  loading={list.status === 'loading'}
                  columns={columns}
                  data={list.status === 'ready' ? list.data.list : []}
                  pagination={false}
                  scroll={{ y: 520 }}
                  noDataElement={<Empty description={t('operations.pdf.empty')} />}
                  rowClassName={(row) => (row.id === selected?.id ? 'arco-table-tr-selected' : '')}
                  onRow={(row) => ({ onClick: () => setSelected(row), style: { cursor: 'pointer' } })}
                />
              )}
            </Space>
          </Card>
        </Grid.Col>
        <Grid.Col xs={24} lg={14}>
          <Card
            bordered={false}
            title={selected ? `${selected.caseNo} · ${selected.name}` : t('operations.pdf.preview')}
            extra={
              file.status === 'ready' && (
                <a href={file.url} target="_blank" rel="noreferrer">
                  {t('operations.pdf.open')}
                </a>
              )
            }
          >
            {preview()}
          </Card>
        </Grid.Col>
      </Grid.Row>
    </Space>
  );
}
