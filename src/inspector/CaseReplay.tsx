import { Alert, Button, Card, Input, Space, Table, Tag, Typography } from '@arco-design/web-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StateValue } from 'xstate';
import { type CaseReplayAnswer, type CaseReplayStep, caseReplaySchema } from '../../contract/case-replay';
import { caseStatusMachine } from '../../machines/caseStatusMachine';
import { ApiFailure, apiGet } from '../api/request';
import { StatechartDiagram } from './StatechartDiagram';
import { activeStateIds } from './statechartGraph';

/** `pending.pool` -> `{ pending: 'pool' }`, the machine's state value. */
function valueOfName(name: string): StateValue {
  const [status, position] = name.split('.');
  return position ? { [status]: position } : status;
}

type Row = CaseReplayStep & { index: number };

/**
 * A case's stored history replayed through the case machine (GET /api/dev/cases/:caseNo/history):
 * step back and forward, the state after each step highlighted, each step's event, actor and
 * time; a history that does not replay to the stored status and position is flagged.
 */
export function CaseReplay() {
  const { t, i18n } = useTranslation();
  const [replay, setReplay] = useState<CaseReplayAnswer | null>(null);
  const [step, setStep] = useState(0);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const load = async (caseNo: string) => {
    const wanted = caseNo.trim();
    if (!wanted) return;
    setLoading(true);
    setFailure(null);
    try {
      const answer = caseReplaySchema.parse(
        await apiGet(`/dev/cases/${encodeURIComponent(wanted)}/history`, { silent: true }),
      );
      setReplay(answer);
      setStep(answer.steps.length);
    } catch (error) {
      setReplay(null);
      setFailure(
        error instanceof ApiFailure && error.status === 404
          ? t('inspector.replay.notFound', { caseNo: wanted })
          : error instanceof Error
            ? error.message
            : String(error),
      );
    } finally {
      setLoading(false);
    }
  };

  const state = replay ? (step === 0 ? replay.start : replay.steps[step - 1].to) : null;
  const activeIds = useMemo(
    () => (state ? activeStateIds(caseStatusMachine, valueOfName(state)) : undefined),
    [state],
  );
  const rows: Row[] = replay ? replay.steps.map((s, i) => ({ ...s, index: i + 1 })) : [];
  const columns = [
    { title: '#', dataIndex: 'index', width: 48 },
    {
      title: t('inspector.replay.event'),
      dataIndex: 'type',
      width: 150,
      render: (type: string, row: Row) => (
        <Space size={4}>
          <Typography.Text code>{type}</Typography.Text>
          {row.refused && <Tag color="red">{t('inspector.replay.refused')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('inspector.replay.actor'),
      dataIndex: 'actor',
      width: 180,
      render: (actor: Row['actor']) =>
        `${actor.name ?? (actor.id === null ? t('inspector.replay.system') : `#${actor.id}`)} · ${actor.role ?? '—'}`,
    },
    {
      title: t('inspector.replay.time'),
      dataIndex: 'at',
      width: 180,
      render: (at: string) => new Date(at).toLocaleString(i18n.language, { hour12: false }),
    },
    {
      title: t('inspector.replay.transition'),
      dataIndex: 'to',
      render: (_: string, row: Row) => `${row.from} → ${row.to}`,
    },
  ];

  return (
    <Card title={t('inspector.replay.title')} bordered={false} data-testid="case-replay">
      <Space direction="vertical" size="medium" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('inspector.replay.intro')}</Typography.Text>
        <Input.Search
          searchButton={t('inspector.replay.run')}
          placeholder={t('inspector.replay.placeholder')}
          aria-label={t('inspector.replay.placeholder')}
          loading={loading}
          onSearch={(value) => void load(value)}
          style={{ maxWidth: 420 }}
          data-testid="replay-case-no"
        />
        {failure && <Alert type="error" content={failure} />}
        {replay && (
          <>
            <Alert
              type={replay.matches ? 'success' : 'warning'}
              data-testid="replay-verdict"
              data-matches={String(replay.matches)}
              content={t(replay.matches ? 'inspector.replay.matches' : 'inspector.replay.mismatch', {
                caseNo: replay.caseNo,
                stored: replay.stored,
                final: replay.final,
              })}
            />
            <Space wrap>
              <Button onClick={() => setStep(0)} disabled={step === 0}>
                {t('inspector.replay.first')}
              </Button>
              <Button onClick={() => setStep(step - 1)} disabled={step === 0} data-testid="replay-back">
                {t('inspector.replay.back')}
              </Button>
              <Button
                onClick={() => setStep(step + 1)}
                disabled={step >= replay.steps.length}
                data-testid="replay-forward"
              >
                {t('inspector.replay.forward')}
              </Button>
              <Button onClick={() => setStep(replay.steps.length)} disabled={step >= replay.steps.length}>
                {t('inspector.replay.last')}
              </Button>
              <Typography.Text data-testid="replay-position">
                {t('inspector.replay.position', { step, total: replay.steps.length })}
              </Typography.Text>
              <Typography.Text bold data-testid="replay-state">
                {state}
              </Typography.Text>
            </Space>
            <Table<Row>
              rowKey="index"
              columns={columns}
              data={rows}
              pagination={false}
              size="small"
              rowClassName={(row) => (row.index === step ? 'arco-table-tr-selected' : '')}
              onRow={(row) => ({ onClick: () => setStep(row.index) })}
              noDataElement={
                <Typography.Text type="secondary">{t('inspector.replay.noSteps')}</Typography.Text>
              }
            />
            <div style={{ overflowX: 'auto' }}>
              <StatechartDiagram
                machine={caseStatusMachine}
                activeIds={activeIds}
                title={t('inspector.chartLabel', { id: caseStatusMachine.id })}
              />
            </div>
          </>
        )}
      </Space>
    </Card>
  );
}
