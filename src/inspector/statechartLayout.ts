import { toDirectedGraph } from '@xstate/graph';
import type { AnyStateMachine, StateValue } from 'xstate';
import { routeArrow } from './arrowRoute';
import { transitionLabel } from './transitionLabel';

/**
 * Lays a machine's statechart out for drawing, from its definition only (`toDirectedGraph`
 * reads no snapshots, STACK.md trap 4). Simple and layered: inside each compound state its
 * children sit in rows that follow the transitions from the initial child, so a flow reads
 * top to bottom; compound states are boxes around their children.
 */

export interface StateBox {
  id: string;
  label: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial: boolean;
  depth: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TransitionArrow {
  id: string;
  source: string;
  target: string;
  /** One line per transition drawn along this arrow: `EVENT [guard]`. */
  labels: string[];
  /** SVG path data. */
  path: string;
  labelX: number;
  labelY: number;
  labelAnchor: 'start' | 'middle';
}

export interface StatechartLayout {
  width: number;
  height: number;
  states: StateBox[];
  arrows: TransitionArrow[];
}

type GraphNode = ReturnType<typeof toDirectedGraph>;
type StateNode = GraphNode['stateNode'];
type TransitionDefinition = GraphNode['edges'][number]['transition'];

interface Edge {
  source: StateNode;
  target: StateNode;
  transition: TransitionDefinition;
}

const CHAR_WIDTH = 6.6;
const LEAF_HEIGHT = 34;
const HEADER = 26;
const PAD = 18;
const ROW_GAP = 72;
const COLUMN_GAP = 56;
const MARGIN = 24;
/** Room on the right of a compound state for arrows that go back up, and their labels. */
const AROUND = 44;

interface Sized {
  node: GraphNode;
  width: number;
  height: number;
  /** Children positioned relative to this box's top-left. */
  children: Array<{ sized: Sized; x: number; y: number }>;
}

const textWidth = (text: string) => text.length * CHAR_WIDTH;
/** Arrow labels are mostly capitals, wider per character than state names. */
const labelWidth = (text: string) => text.length * 7;

function isAncestor(ancestor: StateNode, node: StateNode): boolean {
  for (let current = node.parent; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

/** The child of `parent` that is `node` or contains it. */
function childContaining(parent: StateNode, node: StateNode): StateNode | null {
  let current: StateNode | undefined = node;
  while (current && current.parent !== parent) current = current.parent;
  return current ?? null;
}

/** Every transition of the chart. `toDirectedGraph` leaves out eventless (`always`) ones; they are added here. */
function allEdges(node: GraphNode): Edge[] {
  const always = (node.stateNode.always ?? []).flatMap((transition) =>
    (transition.target ?? [node.stateNode]).map((target) => ({ source: node.stateNode, target, transition })),
  );
  const own = node.edges.map(({ source, target, transition }) => ({ source, target, transition }));
  return [...own, ...always, ...node.children.flatMap(allEdges)];
}

/**
 * Rows of a compound state's children. A child's breadth-first distance from the initial child
 * tells forward arrows from arrows going back; its row is the longest forward path to it, so
 * a flow runs down the page. Within a row, children sit under their predecessors.
 */
function rowsOf(node: GraphNode, edges: Edge[]): GraphNode[][] {
  const parent = node.stateNode;
  const children = node.children.map((child) => child.stateNode);
  const next = new Map<StateNode, StateNode[]>(children.map((child) => [child, []]));
  for (const edge of edges) {
    const from = childContaining(parent, edge.source);
    const to = childContaining(parent, edge.target);
    if (from && to && from !== to && !next.get(from)!.includes(to)) next.get(from)!.push(to);
  }

  const initial = parent.initial?.target?.[0];
  const start = initial ? childContaining(parent, initial) : null;
  const distance = new Map<StateNode, number>();
  const roots = start ? [start, ...children.filter((c) => c !== start)] : children;
  for (const root of roots) {
    if (distance.has(root)) continue;
    distance.set(root, 0);
    const queue = [root];
    while (queue.length) {
      const current = queue.shift()!;
      for (const target of next.get(current)!) {
        if (distance.has(target)) continue;
        distance.set(target, distance.get(current)! + 1);
        queue.push(target);
      }
    }
  }

  // Forward arrows strictly increase the distance, so they form no cycle.
  const row = new Map<StateNode, number>();
  const byDistance = [...children].sort((a, b) => distance.get(a)! - distance.get(b)!);
  for (const child of byDistance) {
    let best = 0;
    for (const [from, targets] of next) {
      if (targets.includes(child) && distance.get(from)! < distance.get(child)!) {
        best = Math.max(best, (row.get(from) ?? 0) + 1);
      }
    }
    row.set(child, best);
  }

  const rows: StateNode[][] = [];
  for (const child of children) {
    const r = row.get(child)!;
    rows[r] = [...(rows[r] ?? []), child];
  }
  const placed = rows.filter(Boolean);
  const column = new Map<StateNode, number>();
  placed.forEach((members, r) => {
    if (r > 0) {
      const centre = (child: StateNode) => {
        const from = [...next].filter(([f, targets]) => targets.includes(child) && column.has(f));
        return from.length ? from.reduce((sum, [f]) => sum + column.get(f)!, 0) / from.length : Infinity;
      };
      members.sort((a, b) => centre(a) - centre(b) || a.order - b.order);
    }
    members.forEach((child, i) => {
      column.set(child, i - (members.length - 1) / 2);
    });
  });
  const byNode = new Map(node.children.map((child) => [child.stateNode, child]));
  return placed.map((members) => members.map((child) => byNode.get(child)!));
}

/** Width of labels on arrows that loop around the right of this compound's children. */
function aroundWidth(node: GraphNode, edges: Edge[], rows: GraphNode[][]): number {
  const rowOf = new Map<StateNode, number>();
  rows.forEach((members, r) => {
    for (const m of members) rowOf.set(m.stateNode, r);
  });
  let widest = 0;
  for (const edge of edges) {
    const from = childContaining(node.stateNode, edge.source);
    const to = childContaining(node.stateNode, edge.target);
    if (!from || !to) continue;
    if (from === to || rowOf.get(to)! < rowOf.get(from)!) {
      widest = Math.max(widest, labelWidth(transitionLabel(edge.transition)));
    }
  }
  return widest ? widest + AROUND : 0;
}

function size(node: GraphNode, edges: Edge[]): Sized {
  const label = node.stateNode.key;
  if (node.children.length === 0) {
    return { node, width: Math.max(96, textWidth(label) + 32), height: LEAF_HEIGHT, children: [] };
  }
  const rowNodes = rowsOf(node, edges);
  const rows = rowNodes.map((row) => row.map((child) => size(child, edges)));
  // Neighbours joined by a transition stand far enough apart for its label between them.
  const gapBetween = (a: StateNode, b: StateNode) => {
    let widest = 0;
    for (const edge of edges) {
      const from = childContaining(node.stateNode, edge.source);
      const to = childContaining(node.stateNode, edge.target);
      if ((from === a && to === b) || (from === b && to === a)) {
        widest = Math.max(widest, labelWidth(transitionLabel(edge.transition)));
      }
    }
    return Math.max(COLUMN_GAP, widest + 24);
  };
  const gaps = rows.map((row) =>
    row.slice(1).map((s, i) => gapBetween(row[i].node.stateNode, s.node.stateNode)),
  );
  const rowWidths = rows.map(
    (row, r) => row.reduce((sum, s) => sum + s.width, 0) + gaps[r].reduce((sum, g) => sum + g, 0),
  );
  const innerWidth = Math.max(textWidth(label) + 20, ...rowWidths);
  const children: Sized['children'] = [];
  let y = HEADER + PAD / 2;
  rows.forEach((row, r) => {
    const rowHeight = Math.max(...row.map((s) => s.height));
    let x = PAD + (innerWidth - rowWidths[r]) / 2;
    row.forEach((sized, i) => {
      children.push({ sized, x, y: y + (rowHeight - sized.height) / 2 });
      x += sized.width + (gaps[r][i] ?? 0);
    });
    y += rowHeight + ROW_GAP;
  });
  const width = innerWidth + PAD * 2 + aroundWidth(node, edges, rowNodes);
  return { node, width, height: y - ROW_GAP + PAD, children };
}

function place(sized: Sized, x: number, y: number, depth: number, out: Map<StateNode, StateBox>) {
  const stateNode = sized.node.stateNode;
  const parentInitial = stateNode.parent?.initial?.target?.[0];
  out.set(stateNode, {
    id: stateNode.id,
    label: stateNode.key,
    type: stateNode.type,
    initial: parentInitial === stateNode,
    depth,
    x,
    y,
    width: sized.width,
    height: sized.height,
  });
  for (const child of sized.children) place(child.sized, x + child.x, y + child.y, depth + 1, out);
}

export function layoutStatechart(machine: AnyStateMachine): StatechartLayout {
  const graph = toDirectedGraph(machine);
  const edges = allEdges(graph);
  const root = size(graph, edges);
  const boxes = new Map<StateNode, StateBox>();
  place(root, MARGIN, MARGIN, 0, boxes);

  // Transitions between the same two states share one arrow with a line per transition.
  const grouped = new Map<string, { source: StateNode; target: StateNode; labels: string[]; id: string }>();
  for (const edge of edges) {
    const key = `${edge.source.id}->${edge.target.id}`;
    const group = grouped.get(key) ?? {
      source: edge.source,
      target: edge.target,
      labels: [] as string[],
      id: key,
    };
    const label = transitionLabel(edge.transition);
    if (!group.labels.includes(label)) group.labels.push(label);
    grouped.set(key, group);
  }

  const arrows: TransitionArrow[] = [];
  const fanned = new Map<StateNode, number>();
  for (const group of grouped.values()) {
    const source = boxes.get(group.source);
    const target = boxes.get(group.target);
    if (!source || !target) continue;
    const fanIndex = fanned.get(group.source) ?? 0;
    fanned.set(group.source, fanIndex + 1);
    const [left, right] = source.x < target.x ? [source, target] : [target, source];
    const blocked = [...boxes.values()].some(
      (box) =>
        box !== source &&
        box !== target &&
        box.depth === Math.max(source.depth, target.depth) &&
        box.x >= left.x + left.width &&
        box.x + box.width <= right.x &&
        box.y < source.y + source.height &&
        source.y < box.y + box.height,
    );
    const nesting =
      group.source === group.target
        ? 'self'
        : isAncestor(group.source, group.target)
          ? 'sourceContainsTarget'
          : isAncestor(group.target, group.source)
            ? 'targetContainsSource'
            : 'apart';
    const hints = { nesting, header: HEADER, fanIndex, lines: group.labels.length, blocked } as const;
    const { path, labelX, labelY, anchor } = routeArrow(source, target, hints);
    arrows.push({
      id: group.id,
      source: source.id,
      target: target.id,
      labels: group.labels,
      path,
      labelX,
      labelY,
      labelAnchor: anchor,
    });
  }

  return {
    // Loops and labels may reach past the outermost box.
    width: Math.max(
      root.width + MARGIN * 2,
      ...arrows.map(
        (a) => a.labelX + Math.max(...a.labels.map(labelWidth)) / (a.labelAnchor === 'middle' ? 2 : 1) + 12,
      ),
    ),
    height: root.height + MARGIN * 2,
    states: [...boxes.values()],
    arrows,
  };
}

/** The ids of the state nodes a state value stands for: `{ authenticated: 'ready' }` -> auth.authenticated, auth.authenticated.ready. */
export function activeStateIds(machine: AnyStateMachine, value: StateValue | null | undefined): Set<string> {
  const ids = new Set<string>();
  if (value == null) return ids;
  const walk = (node: StateNode, part: StateValue) => {
    const states = node.states as Record<string, StateNode>;
    if (typeof part === 'string') {
      const child = states[part];
      if (child) ids.add(child.id);
      return;
    }
    for (const [key, sub] of Object.entries(part)) {
      const child = states[key];
      if (!child) continue;
      ids.add(child.id);
      if (sub) walk(child, sub as StateValue);
    }
  };
  walk(machine.root, value);
  return ids;
}
