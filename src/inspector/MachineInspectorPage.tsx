import { Alert, Button, Card, Space, Switch, Table, Tag, Typography } from '@arco-design/web-react';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { StateValue } from 'xstate';
import { can } from '../../contract/access';
import { MACHINES, type MachineEntry } from '../../machines';
import { navigateTo } from '../app/navigation';
import { getRole } from '../session/storage';
import { CaseReplay } from './CaseReplay';
import { connectAppInspector, type InspectedActor, type InspectedEvent, type Inspector } from './inspector';
import { StatechartDiagram } from './StatechartDiagram';
import { activeStateIds } from './statechartGraph';
import { disableStatelyInspector, enableStatelyInspector, isStatelyInspectorEnabled } from './stately';

interface Props {
  /** The inspector to read; the app's own (capturing from now on) by default. */
  source?: Inspector;
  machines?: readonly MachineEntry[];
}

const canReplay = () => can('dev.tools', getRole()) && can('cases.read:all', getRole());

/** `{ authenticated: 'ready' }` -> `authenticated.ready`. */
export function formatStateValue(value: StateValue | null): string {
  if (value == null) return '—';
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, sub]) => (sub ? `${key}.${formatStateValue(sub as StateValue)}` : key))
    .join(', ');
}

function MachineCard({ entry, actors }: { entry: MachineEntry; actors: InspectedActor[] }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const running = actors.filter((a) => a.status === 'active');
  // The actor the developer clicked, else the one that moved last.
  const shown =
    actors.find((a) => a.sessionId === chosen) ??
    [...running].sort((a, b) => b.updatedAt - a.updatedAt)[0] ??
    null;
  const activeIds = useMemo(() => activeStateIds(entry.machine, shown?.value), [entry.machine, shown?.value]);

  return (
    <Card
      title={
        <Space>
          <Typography.Text bold>{entry.id}</Typography.Text>
          <Typography.Text type="secondary">
            {t(`inspector.machine.${entry.id}`, { defaultValue: entry.description })}
          </Typography.Text>
        </Space>
      }
      bordered={false}
      data-testid={`machine-${entry.id}`}
    >
      <Space direction="vertical" size="medium" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text type="secondary">{t('inspector.actors')}:</Typography.Text>
          {actors.length === 0 ? (
            <Typography.Text type="secondary">{t('inspector.noActors')}</Typography.Text>
          ) : (
            actors.map((actor) => (
              <Tag
                key={actor.sessionId}
                color={actor === shown ? 'arcoblue' : actor.status === 'active' ? 'green' : 'gray'}
                style={{ cursor: 'pointer' }}
                onClick={() => setChosen(actor.sessionId)}
                data-testid="inspector-actor"
              >
                {`${actor.systemId ?? actor.id} · ${formatStateValue(actor.value)} · ${t(`inspector.status.${actor.status}`)}`}
              </Tag>
            ))
          )}
        </Space>
        {actors.length > 1 && <Typography.Text type="secondary">{t('inspector.actorHint')}</Typography.Text>}
        <div style={{ overflowX: 'auto' }}>
          <StatechartDiagram
            machine={entry.machine}
            activeIds={activeIds}
            title={t('inspector.chartLabel', { id: entry.id })}
          />
        </div>
      </Space>
    </Card>
  );
}

function StatelySwitch() {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(isStatelyInspectorEnabled);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const toggle = async (on: boolean) => {
    setFailure(null);
    if (!on) {
      disableStatelyInspector();
      setEnabled(false);
      return;
    }
    setStarting(true);
    try {
      await enableStatelyInspector();
      setEnabled(true);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Switch
          checked={enabled}
          loading={starting}
          onChange={(on) => void toggle(on)}
          aria-label={t('inspector.stately')}
        />
        <Typography.Text>{t('inspector.stately')}</Typography.Text>
      </Space>
      <Typography.Text type="secondary">{t('inspector.statelyHint')}</Typography.Text>
      {failure && <Alert type="error" content={t('inspector.statelyFailed', { message: failure })} />}
    </Space>
  );
}

/**
 * /dev/machines: every machine's statechart with the live state of its actors, the latest
 * events, and a case's stored history replayed. Opening it starts capturing the app's actors.
 */
export function MachineInspector({ source, machines = MACHINES }: Props) {
  const { t, i18n } = useTranslation();
  const [inspector] = useState(() => source ?? connectAppInspector());
  const snapshot = useSyncExternalStore(inspector.subscribe, inspector.getSnapshot, inspector.getSnapshot);
  const events = useMemo(() => [...snapshot.events].reverse(), [snapshot.events]);

  const columns = [
    {
      title: t('inspector.events.time'),
      dataIndex: 'at',
      width: 110,
      render: (at: number) => new Date(at).toLocaleTimeString(i18n.language, { hour12: false }),
    },
    { title: t('inspector.events.actor'), dataIndex: 'actorLabel', width: 160 },
    {
      title: t('inspector.events.type'),
      dataIndex: 'type',
      width: 260,
      render: (type: string) => <Typography.Text code>{type}</Typography.Text>,
    },
    {
      title: t('inspector.events.payload'),
      dataIndex: 'payload',
      render: (payload: string) => (
        <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>{payload}</code>
      ),
    },
  ];

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={t('inspector.title')}
        bordered={false}
        extra={
          <Button type="primary" onClick={() => navigateTo('/')} data-testid="inspector-back">
            {t('inspector.back')}
          </Button>
        }
      >
        <Space direction="vertical" size="medium" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('inspector.intro')}
          </Typography.Paragraph>
          <StatelySwitch />
        </Space>
      </Card>
      {canReplay() && <CaseReplay />}
      {machines.map((entry) => (
        <MachineCard
          key={entry.id}
          entry={entry}
          actors={snapshot.actors.filter((actor) => actor.machineId === entry.id)}
        />
      ))}
      <Card
        title={t('inspector.events.title', { limit: 100 })}
        bordered={false}
        data-testid="inspector-events"
        extra={
          <Button size="small" onClick={() => inspector.clear()}>
            {t('inspector.events.clear')}
          </Button>
        }
      >
        <Table<InspectedEvent>
          rowKey="seq"
          columns={columns}
          data={events}
          pagination={false}
          size="small"
          scroll={{ y: 480 }}
          noDataElement={<Typography.Text type="secondary">{t('inspector.events.empty')}</Typography.Text>}
        />
      </Card>
    </Space>
  );
}

/** The builtin page `MachineInspector` (route /dev/machines): the app's own inspector and machines. */
export default function MachineInspectorPage() {
  return <MachineInspector />;
}
