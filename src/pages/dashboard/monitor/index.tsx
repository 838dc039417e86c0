import {
  Button,
  Card,
  Descriptions,
  Grid,
  Progress,
  Skeleton,
  Space,
  Statistic,
  Table,
  Typography,
} from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../contract/dates';
import type { MonitorStats } from '../../../../contract/monitor';
import { LoadFailed } from '../../../../ui-registry';
import { apiGet } from '../../../api/request';
import { formatBytes, splitDuration } from './format';

export const REFRESH_INTERVAL_MS = 30_000;

/** /dashboard/monitor (admin): the server's health, database, sessions and traffic, refreshed every 30 s. */
export default function Monitor() {
  const { t, i18n } = useTranslation();
  const [stats, setStats] = useState<MonitorStats | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const inFlight = useRef(false);

  const refresh = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    try {
      // Silent: a failed background refresh keeps the last figures and says so on the page.
      setStats(await apiGet<MonitorStats>('/monitor/stats', { silent: true }));
      setUpdatedAt(new Date());
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      inFlight.current = false;
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => {
      // A page kept alive in a hidden tab, or a hidden browser tab, does not poll.
      if (document.visibilityState === 'visible') void refresh();
    }, REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const number = (n: number) => n.toLocaleString(i18n.language);

  const header = (
    <Space className="monitor-toolbar" wrap>
      <Typography.Text type="secondary">
        {updatedAt
          ? t('monitor.updatedAt', { time: updatedAt.toLocaleTimeString(i18n.language, { hour12: false }) })
          : t('common.loading')}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('monitor.autoRefresh', { seconds: REFRESH_INTERVAL_MS / 1000 })}
      </Typography.Text>
      <Button icon={<IconRefresh />} loading={loading} onClick={() => void refresh()}>
        {t('common.refresh')}
      </Button>
    </Space>
  );

  if (!stats) {
    return (
      <Card title={t('menu.monitor')} bordered={false} extra={header}>
        {failed ? (
          <LoadFailed title={t('monitor.loadFailed')} onRetry={() => void refresh()} />
        ) : (
          <Skeleton animation text={{ rows: 6 }} />
        )}
      </Card>
    );
  }

  const uptime = splitDuration(stats.server.uptimeSeconds);
  const { requests, errors } = stats.traffic;
  const errorRate = requests > 0 ? (errors / requests) * 100 : 0;
  const heapPercent = Math.round(
    (stats.server.memory.heapUsedBytes / stats.server.memory.heapTotalBytes) * 100,
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('menu.monitor')} bordered={false} extra={header}>
        {failed && (
          <Typography.Paragraph type="warning" style={{ marginTop: 0 }}>
            {t('monitor.refreshFailed')}
          </Typography.Paragraph>
        )}
        <Grid.Row gutter={[16, 16]}>
          <StatCard
            testId="monitor-health"
            title={t('monitor.health.title')}
            value={t('monitor.health.up')}
            valueColor="rgb(var(--green-6))"
            note={t('monitor.health.uptime', uptime)}
          />
          <StatCard
            testId="monitor-database"
            title={t('monitor.database.size')}
            value={formatBytes(stats.database.sizeBytes, i18n.language)}
            note={t('monitor.database.dialect', { dialect: stats.database.dialect })}
          />
          <StatCard
            testId="monitor-sessions"
            title={t('monitor.sessions.active')}
            value={number(stats.sessions.active)}
            note={t('monitor.sessions.users', { count: stats.sessions.activeUsers })}
          />
          <StatCard
            testId="monitor-traffic"
            title={t('monitor.traffic.requests')}
            value={number(requests)}
            note={
              <Typography.Text type={errors > 0 ? 'error' : 'secondary'}>
                {t('monitor.traffic.errors', { count: errors, rate: errorRate.toFixed(2) })}
              </Typography.Text>
            }
          />
        </Grid.Row>
      </Card>
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} lg={12}>
          <Card title={t('monitor.server.title')} bordered={false} style={{ height: '100%' }}>
            <Descriptions
              column={1}
              labelStyle={{ width: 140 }}
              data={[
                { label: t('monitor.server.node'), value: stats.server.nodeVersion },
                { label: t('monitor.server.platform'), value: stats.server.platform },
                {
                  label: t('monitor.server.startedAt'),
                  value: formatDateTime(stats.server.startedAt),
                },
                {
                  label: t('monitor.server.rss'),
                  value: formatBytes(stats.server.memory.rssBytes, i18n.language),
                },
                {
                  label: t('monitor.server.heap'),
                  value: (
                    <Space direction="vertical" size={4} style={{ width: '100%' }}>
                      <span>
                        {formatBytes(stats.server.memory.heapUsedBytes, i18n.language)} /{' '}
                        {formatBytes(stats.server.memory.heapTotalBytes, i18n.language)}
                      </span>
                      <Progress percent={heapPercent} size="small" style={{ maxWidth: 280 }} />
                    </Space>
                  ),
                },
              ]}
            />
          </Card>
        </Grid.Col>
        <Grid.Col xs={24} lg={12}>
          <Card title={t('monitor.tables.title')} bordered={false} style={{ height: '100%' }}>
            <Table
              rowKey="name"
              size="small"
              pagination={false}
              data={stats.database.tables}
              columns={[
                {
                  title: t('monitor.tables.name'),
                  dataIndex: 'name',
                  render: (name: string) => (
                    <Space>
                      {t(`monitor.table.${name}`)}
                      <Typography.Text type="secondary" code>
                        {name}
                      </Typography.Text>
                    </Space>
                  ),
                },
                {
                  title: t('monitor.tables.rows'),
                  dataIndex: 'rows',
                  align: 'right',
                  render: (rows: number) => number(rows),
                },
              ]}
            />
          </Card>
        </Grid.Col>
      </Grid.Row>
    </Space>
  );
}

interface StatCardProps {
  testId: string;
  title: string;
  value: string;
  valueColor?: string;
  note: ReactNode;
}

function StatCard({ testId, title, value, valueColor, note }: StatCardProps) {
  return (
    <Grid.Col xs={24} sm={12} xl={6}>
      <Card data-testid={testId} style={{ height: '100%' }}>
        <Statistic title={title} value={value} styleValue={valueColor ? { color: valueColor } : undefined} />
        <div style={{ marginTop: 8, color: 'var(--color-text-3)' }}>{note}</div>
      </Card>
    </Grid.Col>
  );
}
