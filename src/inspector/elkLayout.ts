import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { ChartGraph, ChartState } from './statechartGraph';

/**
 * The statechart's layout by ELK (layered, top to bottom, orthogonal edges): ELK sizes the
 * compound states around their children, routes every arrow and places every arrow's label
 * on it (labels are nodes of their own in ELK's layers, so none covers a box or another
 * label). Boxes and labels are sized here, by the text they hold, in the fonts the diagram
 * draws them with. Every coordinate comes back from the root (`elk.json.*Coords: ROOT`).
 */

export const STATE_FONT = { size: 12, family: 'sans-serif' };
export const LABEL_FONT = { size: 11, family: 'sans-serif' };
export const LABEL_LINE = 14;
const LEAF_HEIGHT = 34;
const LABEL_PAD = 4;
/** Room at the top of a compound state for its name. */
const HEADER = 30;

/** What lays a graph out: ELK's `layout` (in its worker in the app, in-process in tests). */
export interface ElkEngine {
  layout(graph: ElkNode): Promise<ElkNode>;
}

export type TextMeasure = (text: string, font: { size: number; family: string }) => number;

export interface LaidOutState {
  id: string;
  label: string;
  type: ChartState['type'];
  initial: boolean;
  compound: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutArrow {
  id: string;
  source: string;
  target: string;
  /** SVG path data of the routed edge. */
  path: string;
  label: { lines: string[]; x: number; y: number; width: number; height: number };
}

export interface StatechartLayout {
  width: number;
  height: number;
  states: LaidOutState[];
  arrows: LaidOutArrow[];
}

const ROOT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.edgeLabels.sideSelection': 'ALWAYS_DOWN',
  'elk.spacing.nodeNode': '36',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.spacing.edgeNode': '18',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.spacing.edgeEdge': '12',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '10',
  'elk.spacing.edgeLabel': '6',
  'elk.spacing.labelLabel': '6',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.padding': '[top=16,left=16,bottom=16,right=16]',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
};

const COMPOUND_OPTIONS = { 'elk.padding': `[top=${HEADER + 12},left=18,bottom=18,right=18]` };

/** A rough width where no canvas can measure (tests): wide enough for capitals. */
export const estimateText: TextMeasure = (text, font) => text.length * font.size * 0.62;

export function toElkGraph(graph: ChartGraph, measure: TextMeasure): ElkNode {
  const node = (state: ChartState): ElkNode =>
    state.children.length
      ? {
          id: state.id,
          layoutOptions: COMPOUND_OPTIONS,
          // The name fits across the top.
          width: measure(state.label, STATE_FONT) + 40,
          height: HEADER + 20,
          children: state.children.map(node),
        }
      : { id: state.id, width: Math.max(96, measure(state.label, STATE_FONT) + 32), height: LEAF_HEIGHT };
  const edges: ElkExtendedEdge[] = graph.arrows.map((arrow) => ({
    id: arrow.id,
    sources: [arrow.source],
    targets: [arrow.target],
    labels: [
      {
        id: `${arrow.id}#label`,
        text: arrow.labels.join('\n'),
        width: Math.ceil(Math.max(...arrow.labels.map((l) => measure(l, LABEL_FONT)))) + LABEL_PAD * 2,
        height: arrow.labels.length * LABEL_LINE + LABEL_PAD,
      },
    ],
  }));
  return { id: 'root', layoutOptions: ROOT_OPTIONS, children: graph.states.map(node), edges };
}

function flatStates(graph: ChartGraph): Map<string, ChartState> {
  const out = new Map<string, ChartState>();
  const walk = (s: ChartState) => {
    out.set(s.id, s);
    s.children.forEach(walk);
  };
  graph.states.forEach(walk);
  return out;
}

export function fromElk(graph: ChartGraph, laid: ElkNode): StatechartLayout {
  const states: LaidOutState[] = [];
  const known = flatStates(graph);
  const walk = (n: ElkNode) => {
    const s = known.get(n.id);
    if (s)
      states.push({
        id: s.id,
        label: s.label,
        type: s.type,
        initial: s.initial,
        compound: s.children.length > 0,
        x: n.x ?? 0,
        y: n.y ?? 0,
        width: n.width ?? 0,
        height: n.height ?? 0,
      });
    (n.children ?? []).forEach(walk);
  };
  (laid.children ?? []).forEach(walk);
  const lines = new Map(graph.arrows.map((a) => [a.id, a.labels]));
  const arrows: LaidOutArrow[] = (laid.edges ?? []).map((edge) => {
    const path = (edge.sections ?? [])
      .map((s) =>
        [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]
          .map((p, i) => `${i === 0 ? 'M' : 'L'} ${p.x.toFixed(1)} ${p.y.toFixed(1)}`)
          .join(' '),
      )
      .join(' ');
    const l = edge.labels?.[0];
    return {
      id: edge.id,
      source: edge.sources[0],
      target: edge.targets[0],
      path,
      label: {
        lines: lines.get(edge.id) ?? [],
        x: l?.x ?? 0,
        y: l?.y ?? 0,
        width: l?.width ?? 0,
        height: l?.height ?? 0,
      },
    };
  });
  return { width: laid.width ?? 0, height: laid.height ?? 0, states, arrows };
}

export async function layoutStatechart(
  graph: ChartGraph,
  engine: ElkEngine,
  measure: TextMeasure = estimateText,
): Promise<StatechartLayout> {
  return fromElk(graph, await engine.layout(toElkGraph(graph, measure)));
}
