import {
  Alert,
  Button,
  Card,
  Drawer,
  Empty,
  Message,
  Modal,
  Popconfirm,
  Space,
  Spin,
  Table,
  type TableColumnProps,
  Typography,
} from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CertificationOverview, CertificationRecord } from '../../../../contract/certifications';
import type { Paged } from '../../../../contract/paging';
import { LoadFailed } from '../../../../ui-registry';
import { apiGet, apiPost } from '../../../api/request';
import { refreshUserInfo } from '../../../session/session';
import { formatDateTime } from '../format';
import { CertificationDetail, CertificationStatusBadge } from './CertificationDetail';
import { CertificationForm } from './CertificationForm';

const PAGE_SIZE = 10;

/** Real-name certification tab: the certified enterprise (or the pending application) and every application. */
export function Certification({ contactPhone, isLawyer }: { contactPhone: string; isLawyer: boolean }) {
  const { t } = useTranslation();
  const [overview, setOverview] = useState<CertificationOverview | null>(null);
  const [records, setRecords] = useState<Paged<CertificationRecord>>({ list: [], total: 0 });
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [viewing, setViewing] = useState<CertificationRecord | null>(null);
  const [applying, setApplying] = useState(false);

  const load = useCallback(async (toPage: number) => {
    setLoading(true);
    try {
      const [o, r] = await Promise.all([
        apiGet<CertificationOverview>('/user/certification'),
        apiGet<Paged<CertificationRecord>>('/user/certifications', {
          params: { page: toPage, pageSize: PAGE_SIZE },
        }),
      ]);
      setOverview(o);
      setRecords(r);
      setPage(toPage);
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(1);
  }, [load]);

  const changed = async () => {
    await load(1);
    await refreshUserInfo().catch(() => undefined);
  };

  const withdraw = async (record: CertificationRecord) => {
    try {
      await apiPost(`/user/certifications/${record.id}/withdraw`);
      Message.success(t('userSetting.cert.withdrawn'));
      await changed();
    } catch {
      // Shown by the error catalogue (409 when it is no longer under review); reload to show why.
      await load(page);
    }
  };

  const columns: TableColumnProps<CertificationRecord>[] = [
    {
      title: t('userSetting.cert.type'),
      dataIndex: 'certType',
      render: (_, r) =>
        t(r.certType === 'personal' ? 'userSetting.cert.personal' : 'userSetting.cert.enterprise'),
    },
    {
      title: t('userSetting.cert.content'),
      dataIndex: 'enterpriseName',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{r.enterpriseName}</Typography.Text>
          <Typography.Text type="secondary">{r.creditCode}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('userSetting.cert.status'),
      dataIndex: 'status',
      render: (_, r) => <CertificationStatusBadge status={r.status} />,
    },
    {
      title: t('userSetting.cert.submittedAt'),
      dataIndex: 'submittedAt',
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('common.actions'),
      dataIndex: 'id',
      render: (_, r) => (
        <Space size={0}>
          <Button type="text" size="small" onClick={() => setViewing(r)}>
            {t('common.view')}
          </Button>
          {r.status === 'auditing' && (
            <Popconfirm
              focusLock
              title={t('userSetting.cert.withdrawConfirm')}
              content={t('userSetting.cert.withdrawConfirmDetail')}
              okText={t('userSetting.cert.withdraw')}
              cancelText={t('common.cancel')}
              onOk={() => withdraw(r)}
            >
              <Button type="text" size="small" status="danger">
                {t('userSetting.cert.withdraw')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  // Under review first; then the newest decision when it was a rejection (it says why), else the
  // certified application.
  const rejected =
    overview && !overview.pending && overview.latest?.status === 'rejected' ? overview.latest : null;
  const shown = overview?.pending ?? rejected ?? overview?.current ?? null;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={t(isLawyer ? 'userSetting.cert.title' : 'userSetting.cert.enterpriseTitle')}
        bordered={false}
        className="user-settings-inner-card"
        extra={
          overview &&
          !overview.pending && (
            <Button type="primary" size="small" onClick={() => setApplying(true)}>
              {overview.current ? t('userSetting.cert.reapply') : t('userSetting.cert.apply')}
            </Button>
          )
        }
      >
        <Spin loading={loading && !overview} style={{ display: 'block' }}>
          {failed && !overview ? (
            <LoadFailed size="inline" title={t('userSetting.cert.loadFailed')} onRetry={() => load(1)} />
          ) : shown ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              {overview?.pending && (
                <Typography.Text type="warning">{t('userSetting.cert.pendingNote')}</Typography.Text>
              )}
              {rejected && (
                <Alert
                  type="error"
                  data-testid="certification-rejected"
                  title={t('userSetting.cert.rejectedTitle')}
                  content={t('userSetting.cert.rejectedNote', { reason: rejected.reason ?? '' })}
                />
              )}
              <CertificationDetail record={shown} />
            </Space>
          ) : (
            overview && (
              <Empty description={t(isLawyer ? 'userSetting.cert.noneAny' : 'userSetting.cert.none')} />
            )
          )}
        </Spin>
      </Card>
      <Card title={t('userSetting.cert.recordsTitle')} bordered={false} className="user-settings-inner-card">
        <Table
          rowKey="id"
          columns={columns}
          data={records.list}
          loading={loading}
          noDataElement={<Empty description={t('userSetting.cert.noRecords')} />}
          pagination={
            records.total > PAGE_SIZE && {
              current: page,
              pageSize: PAGE_SIZE,
              total: records.total,
              onChange: (p: number) => void load(p),
            }
          }
        />
      </Card>
      <Drawer
        width={560}
        title={t('userSetting.cert.detailTitle')}
        visible={viewing !== null}
        onCancel={() => setViewing(null)}
        footer={null}
        unmountOnExit
      >
        {viewing && <CertificationDetail record={viewing} column={1} />}
      </Drawer>
      <Modal
        title={t('userSetting.cert.applyTitle')}
        visible={applying}
        onCancel={() => setApplying(false)}
        footer={null}
        unmountOnExit
        style={{ width: 640 }}
      >
        <CertificationForm
          contactPhone={contactPhone}
          personalAllowed={isLawyer}
          onCancel={() => setApplying(false)}
          onSubmitted={() => {
            setApplying(false);
            Message.success(t('userSetting.cert.submitted'));
            void changed();
          }}
        />
      </Modal>
    </Space>
  );
}
