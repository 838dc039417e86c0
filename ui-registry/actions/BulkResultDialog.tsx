import { Alert, Modal, Table, Tag } from '@arco-design/web-react';
import type { BulkTransitionResult } from '../../contract/case-api';
import { useRegistryEnv } from '../context';

type Row = BulkTransitionResult['list'][number];

interface Props {
  title: string;
  result: BulkTransitionResult;
  onClose: () => void;
}

/**
 * What a bulk case action did, case by case: done, or refused with the reason. The reason is
 * the server's message key and parameters, said in the reader's language (the server's own
 * translation is the fallback for a key this screen does not know).
 */
export default function BulkResultDialog({ title, result, onClose }: Props) {
  const { t } = useRegistryEnv();
  const reasonOf = (row: Row) =>
    row.ok
      ? ''
      : row.code
        ? t(row.code, { ...(row.params ?? {}), defaultValue: row.reason ?? row.code })
        : (row.reason ?? '');
  const allDone = result.refused === 0;
  return (
    <Modal
      title={title}
      visible
      onOk={onClose}
      onCancel={onClose}
      hideCancel
      okText={t('common.close')}
      unmountOnExit
      autoFocus={false}
      style={{ width: 680, maxWidth: '95vw' }}
      data-testid="bulk-result"
    >
      <Alert
        type={allDone ? 'success' : result.succeeded === 0 ? 'error' : 'warning'}
        content={t('registry.bulk.summary', { succeeded: result.succeeded, failed: result.refused })}
        style={{ marginBottom: 12 }}
      />
      <Table<Row>
        rowKey="caseId"
        size="small"
        pagination={false}
        scroll={{ y: 360 }}
        data={result.list}
        columns={[
          {
            title: t('registry.bulk.case'),
            dataIndex: 'caseNo',
            width: 130,
            render: (_: unknown, row: Row) => row.caseNo ?? `#${row.caseId}`,
          },
          {
            title: t('registry.bulk.outcome'),
            dataIndex: 'ok',
            width: 100,
            render: (_: unknown, row: Row) =>
              row.ok ? (
                <Tag color="green">{t('registry.bulk.done')}</Tag>
              ) : (
                <Tag color="red">{t('registry.bulk.refused')}</Tag>
              ),
          },
          {
            title: t('registry.bulk.reason'),
            dataIndex: 'reason',
            render: (_: unknown, row: Row) => reasonOf(row),
          },
        ]}
      />
    </Modal>
  );
}
