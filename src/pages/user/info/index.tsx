import {
  Card,
  Empty,
  Grid,
  List,
  Space,
  Spin,
  Table,
  type TableColumnProps,
  Tabs,
  Typography,
} from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ColumnDescriptor } from '../../../../contract/pages/descriptor';
import type { UserOverview } from '../../../../contract/user-center';
import { isAppPath, LoadFailed, renderValue } from '../../../../ui-registry';
import { apiGet, apiPost } from '../../../api/request';

const TABS = ['overview', 'cases', 'team'] as const;
type TabKey = (typeof TABS)[number];
type Row = Record<string, unknown>;

/** A value shown by the registry's widget (money in yuan, enum labels, date and time). */
const shown =
  (field: string, widget: ColumnDescriptor['widget'], extra: Partial<ColumnDescriptor> = {}) =>
  (_: unknown, record: Row) =>
    renderValue({ field, title: field, widget, ...extra }, record);

/**
 * /user/info, the user center for every role: the caller's latest activity and unread messages
 * (overview), the cases in their hands, and their firm's lawyers. Everything comes from
 * GET /api/user/overview, which answers with the caller's own data only.
 */
export default function UserInfo() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [data, setData] = useState<UserOverview | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const tab: TabKey = TABS.includes(search.get('tab') as TabKey) ? (search.get('tab') as TabKey) : 'overview';

  const load = useCallback(() => {
    setState('loading');
    apiGet<UserOverview>('/user/overview', { silent: true }).then(
      (overview) => {
        setData(overview);
        setState('ready');
      },
      () => setState('failed'),
    );
  }, []);
  useEffect(load, [load]);

  const openTab = (key: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  if (state === 'failed') return <LoadFailed title={t('userCenter.loadFailed')} onRetry={load} />;
  if (!data) return <Spin block style={{ minHeight: 200 }} />;

  const caseColumns: TableColumnProps<Row>[] = [
    {
      title: t('userCenter.column.caseNo'),
      dataIndex: 'caseNo',
      render: (value: string, record) =>
        typeof record.link === 'string' ? <Link to={record.link}>{value}</Link> : value,
    },
    { title: t('userCenter.column.title'), dataIndex: 'title' },
    { title: t('userCenter.column.status'), render: shown('status', 'status', { enum: 'caseStatus' }) },
    { title: t('userCenter.column.position'), render: shown('position', 'enum', { enum: 'casePosition' }) },
    { title: t('userCenter.column.amount'), render: shown('amountFen', 'money') },
    { title: t('userCenter.column.updatedAt'), render: shown('updatedAt', 'datetime') },
  ];
  const teamColumns: TableColumnProps<Row>[] = [
    { title: t('userCenter.column.name'), dataIndex: 'name' },
    { title: t('userCenter.column.phone'), dataIndex: 'phone' },
    {
      title: t('userCenter.column.reviewStatus'),
      render: shown('reviewStatus', 'status', { enum: 'reviewStatus' }),
    },
    { title: t('userCenter.column.handling'), dataIndex: 'handling' },
  ];

  return (
    <Card>
      <Spin loading={state === 'loading'} style={{ display: 'block' }}>
        <Tabs activeTab={tab} onChange={openTab}>
          <Tabs.TabPane key="overview" title={t('userCenter.tab.overview')}>
            <Overview data={data} onRead={load} />
          </Tabs.TabPane>
          <Tabs.TabPane key="cases" title={t('userCenter.tab.cases')}>
            <Typography.Paragraph>
              {t(`userCenter.cases.${data.cases.kind}`, { total: data.cases.total })}
            </Typography.Paragraph>
            <Table
              rowKey="id"
              columns={caseColumns}
              data={data.cases.list as unknown as Row[]}
              pagination={false}
              noDataElement={<Empty description={t('userCenter.cases.empty')} />}
            />
          </Tabs.TabPane>
          <Tabs.TabPane key="team" title={t('userCenter.tab.team')}>
            {data.team ? (
              <>
                <Typography.Paragraph>
                  {t('userCenter.team.title', {
                    firm: data.team.lawFirmName,
                    count: data.team.lawyers.length,
                  })}
                </Typography.Paragraph>
                <Table
                  rowKey="id"
                  columns={teamColumns}
                  data={data.team.lawyers as unknown as Row[]}
                  pagination={false}
                />
              </>
            ) : (
              <Empty description={t('userCenter.team.none')} />
            )}
          </Tabs.TabPane>
        </Tabs>
      </Spin>
    </Card>
  );
}

/** The case an activity was on: its number and title, a link where the reader opens it. */
function ActivityCase({ subject }: { subject: NonNullable<UserOverview['activity'][number]['case']> }) {
  const { t } = useTranslation();
  const name =
    subject.title === null
      ? t('userCenter.activity.caseNo', { caseNo: subject.caseNo })
      : t('userCenter.activity.case', { caseNo: subject.caseNo, title: subject.title });
  return subject.link !== null && isAppPath(subject.link) ? (
    <Link to={subject.link}>{name}</Link>
  ) : (
    <Typography.Text>{name}</Typography.Text>
  );
}

/** Latest activity beside the unread messages; opening a message marks it read. */
function Overview({ data, onRead }: { data: UserOverview; onRead: () => void }) {
  const { t } = useTranslation();
  const markRead = (id: number) => void apiPost('/message/read', { ids: [id] }).then(onRead, () => {});
  return (
    <Grid.Row gutter={16}>
      <Grid.Col xs={24} md={12}>
        <Card title={t('userCenter.activity')} bordered={false}>
          {data.activity.length === 0 ? (
            <Empty description={t('userCenter.activity.empty')} />
          ) : (
            <List
              size="small"
              dataSource={data.activity}
              render={(a) => (
                <List.Item key={a.id}>
                  <Space direction="vertical" size={0}>
                    <Typography.Text bold>{a.actionLabel}</Typography.Text>
                    {a.case && <ActivityCase subject={a.case} />}
                    {a.detail && <Typography.Text>{a.detail}</Typography.Text>}
                    <Typography.Text type="secondary">
                      {renderValue({ field: 'at', title: 'at', widget: 'datetime' }, a)}
                    </Typography.Text>
                  </Space>
                </List.Item>
              )}
            />
          )}
        </Card>
      </Grid.Col>
      <Grid.Col xs={24} md={12}>
        <Card
          title={t('userCenter.unread', { count: data.unread.count })}
          bordered={false}
          extra={<Typography.Text type="secondary">{t('userCenter.unread.all')}</Typography.Text>}
        >
          {data.unread.list.length === 0 ? (
            <Empty description={t('userCenter.unread.empty')} />
          ) : (
            <List
              size="small"
              dataSource={data.unread.list}
              render={(m) => (
                <List.Item key={m.id}>
                  <Space direction="vertical" size={0}>
                    {m.link !== null && isAppPath(m.link) ? (
                      <Link to={m.link} onClick={() => markRead(m.id)}>
                        {m.title}
                      </Link>
                    ) : (
                      <Typography.Text bold>{m.title}</Typography.Text>
                    )}
                    <Typography.Text>{m.content}</Typography.Text>
                    <Typography.Text type="secondary">
                      {renderValue({ field: 'createdAt', title: 'createdAt', widget: 'datetime' }, m)}
                    </Typography.Text>
                  </Space>
                </List.Item>
              )}
            />
          )}
        </Card>
      </Grid.Col>
    </Grid.Row>
  );
}
