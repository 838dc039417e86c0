import { Alert, Spin } from '@arco-design/web-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyStateMachine } from 'xstate';
import { LABEL_FONT, LABEL_LINE, type LaidOutState, STATE_FONT, type StatechartLayout } from './elkLayout';
import { layoutMachine } from './elkWorker';

interface Props {
  machine: AnyStateMachine;
  /** Ids of the state nodes to highlight (the live state of a running actor, a replayed step). */
  activeIds?: ReadonlySet<string>;
  title: string;
}

// Arco's theme variables, so the chart follows light and dark themes.
const COLORS = {
  box: 'var(--color-bg-2, #fff)',
  compound: 'var(--color-fill-1, #f7f8fa)',
  border: 'var(--color-border-3, #c9cdd4)',
  text: 'var(--color-text-1, #1d2129)',
  muted: 'var(--color-text-3, #86909c)',
  active: 'rgb(var(--primary-6, 22, 93, 255))',
  activeFill: 'var(--color-primary-light-1, #e8f3ff)',
};

const font = (f: { size: number; family: string }) => ({ fontSize: f.size, fontFamily: f.family });

function StateShape({ state, active }: { state: LaidOutState; active: boolean }) {
  const stroke = active ? COLORS.active : COLORS.border;
  return (
    <g data-state-id={state.id} data-active={active || undefined} data-testid="statechart-state">
      <rect
        x={state.x}
        y={state.y}
        width={state.width}
        height={state.height}
        rx={state.compound ? 10 : 8}
        fill={active ? COLORS.activeFill : state.compound ? COLORS.compound : COLORS.box}
        stroke={stroke}
        strokeWidth={active ? 2 : 1}
        strokeDasharray={state.type === 'parallel' ? '6 4' : undefined}
      />
      {state.type === 'final' && (
        <rect
          x={state.x + 3}
          y={state.y + 3}
          width={state.width - 6}
          height={state.height - 6}
          rx={6}
          fill="none"
          stroke={stroke}
        />
      )}
      {state.initial && <circle cx={state.x + 8} cy={state.y + 8} r={3.5} fill={COLORS.muted} />}
      <text
        x={state.compound ? state.x + 16 : state.x + state.width / 2}
        y={state.compound ? state.y + 20 : state.y + state.height / 2 + 4}
        textAnchor={state.compound ? 'start' : 'middle'}
        style={font(STATE_FONT)}
        fontWeight={active || state.compound ? 600 : 400}
        fill={active ? COLORS.active : COLORS.text}
      >
        {state.label}
      </text>
    </g>
  );
}

function Chart({ layout, activeIds, title }: { layout: StatechartLayout } & Omit<Props, 'machine'>) {
  const arrowId = `arrow-${useId().replace(/:/g, '')}`;
  return (
    <svg
      role="img"
      aria-label={title}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      height={layout.height}
      style={{ display: 'block' }}
      data-testid="statechart"
    >
      <title>{title}</title>
      <defs>
        <marker
          id={arrowId}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" fill={COLORS.muted} />
        </marker>
      </defs>
      {layout.states.map((state) => (
        <StateShape key={state.id} state={state} active={activeIds?.has(state.id) ?? false} />
      ))}
      {layout.arrows.map((arrow) => (
        <g
          key={arrow.id}
          data-testid="statechart-transition"
          data-source={arrow.source}
          data-target={arrow.target}
        >
          <path
            d={arrow.path}
            fill="none"
            stroke={COLORS.muted}
            strokeWidth={1.2}
            markerEnd={`url(#${arrowId})`}
          />
          <g data-testid="statechart-label">
            <rect
              x={arrow.label.x}
              y={arrow.label.y}
              width={arrow.label.width}
              height={arrow.label.height}
              rx={3}
              fill={COLORS.box}
              fillOpacity={0.85}
            />
            <text style={font(LABEL_FONT)} fill={COLORS.text}>
              {arrow.label.lines.map((line, i) => (
                <tspan key={line} x={arrow.label.x + 4} y={arrow.label.y + 2 + LABEL_LINE * (i + 1) - 3}>
                  {line}
                </tspan>
              ))}
            </text>
          </g>
        </g>
      ))}
    </svg>
  );
}

/** A machine's statechart as inline SVG, laid out by ELK from its definition; works offline. */
export function StatechartDiagram({ machine, activeIds, title }: Props) {
  const { t } = useTranslation();
  const [layout, setLayout] = useState<StatechartLayout | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    layoutMachine(machine).then(
      (laid) => current && setLayout(laid),
      (error: unknown) => current && setFailure(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, [machine]);
  const chart = useMemo(
    () => layout && <Chart layout={layout} activeIds={activeIds} title={title} />,
    [layout, activeIds, title],
  );
  if (failure) return <Alert type="error" content={t('inspector.layoutFailed', { message: failure })} />;
  return chart ?? <Spin tip={t('inspector.layingOut')} style={{ display: 'block', padding: 24 }} />;
}
