import { useId, useMemo } from 'react';
import type { AnyStateMachine } from 'xstate';
import { layoutStatechart, type StateBox } from './statechartLayout';

interface Props {
  machine: AnyStateMachine;
  /** Ids of the state nodes to highlight (the live state of a running actor). */
  activeIds?: ReadonlySet<string>;
  title: string;
}

const LINE_HEIGHT = 13;

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

function StateShape({ state, active }: { state: StateBox; active: boolean }) {
  const compound = state.type === 'compound' || state.type === 'parallel';
  return (
    <g data-state-id={state.id} data-active={active || undefined} data-testid="statechart-state">
      <rect
        x={state.x}
        y={state.y}
        width={state.width}
        height={state.height}
        rx={compound ? 10 : 8}
        fill={active ? COLORS.activeFill : compound ? COLORS.compound : COLORS.box}
        stroke={active ? COLORS.active : COLORS.border}
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
          stroke={active ? COLORS.active : COLORS.border}
        />
      )}
      {state.initial && <circle cx={state.x - 10} cy={state.y + 12} r={4} fill={COLORS.muted} />}
      <text
        x={compound ? state.x + 10 : state.x + state.width / 2}
        y={compound ? state.y + 17 : state.y + state.height / 2 + 4}
        textAnchor={compound ? 'start' : 'middle'}
        fontSize={12}
        fontWeight={active ? 600 : compound ? 600 : 400}
        fill={active ? COLORS.active : COLORS.text}
      >
        {state.label}
      </text>
    </g>
  );
}

/** A machine's statechart as inline SVG, drawn from its definition; works offline. */
export function StatechartDiagram({ machine, activeIds, title }: Props) {
  const layout = useMemo(() => layoutStatechart(machine), [machine]);
  const arrowId = `arrow-${useId().replace(/:/g, '')}`;
  return (
    <svg
      role="img"
      aria-label={title}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width="100%"
      style={{ maxWidth: layout.width, display: 'block', fontFamily: 'inherit' }}
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
        <g key={arrow.id} data-testid="statechart-transition">
          <path
            d={arrow.path}
            fill="none"
            stroke={COLORS.muted}
            strokeWidth={1.2}
            markerEnd={`url(#${arrowId})`}
          />
          <text
            x={arrow.labelX}
            y={arrow.labelY - ((arrow.labels.length - 1) * LINE_HEIGHT) / 2 + 4}
            fontSize={10.5}
            fill={COLORS.text}
            textAnchor={arrow.labelAnchor}
            stroke={COLORS.box}
            strokeWidth={3}
            paintOrder="stroke"
          >
            {arrow.labels.map((label, i) => (
              <tspan key={label} x={arrow.labelX} dy={i === 0 ? 0 : LINE_HEIGHT}>
                {label}
              </tspan>
            ))}
          </text>
        </g>
      ))}
    </svg>
  );
}
