/**
 * The path of one arrow between two laid-out boxes, and where its label goes. Pure geometry:
 * the statechart layout decides the boxes and tells how the two states nest.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ArrowRoute {
  /** SVG path data. */
  path: string;
  labelX: number;
  labelY: number;
  anchor: 'start' | 'middle';
}

export type Point = { x: number; y: number };

function cubicPoint(p0: Point, p1: Point, p2: Point, p3: Point, t: number): Point {
  const u = 1 - t;
  const at = (a: number, b: number, c: number, d: number) =>
    u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d;
  return { x: at(p0.x, p1.x, p2.x, p3.x), y: at(p0.y, p1.y, p2.y, p3.y) };
}

const cx = (b: Box) => b.x + b.width / 2;
const cy = (b: Box) => b.y + b.height / 2;

export interface RouteHints {
  /** How source and target nest: a compound state's transition into its own child, or out to it. */
  nesting: 'apart' | 'self' | 'sourceContainsTarget' | 'targetContainsSource';
  /** Height of a compound state's title, where arrows into its children start. */
  header: number;
  /** Which arrow leaving the source this is. */
  fanIndex: number;
  /** Lines in its label. */
  lines: number;
  /** Another box stands between source and target on their row. */
  blocked: boolean;
}

export function routeArrow(source: Box, target: Box, hints: RouteHints): ArrowRoute {
  if (hints.nesting === 'self') {
    const x = source.x + source.width;
    const top = source.y + Math.min(8, source.height / 4);
    const bottom = source.y + Math.min(source.height - 8, 26);
    return {
      path: `M ${x} ${top} C ${x + 36} ${top - 10}, ${x + 36} ${bottom + 10}, ${x} ${bottom}`,
      labelX: x + 38,
      labelY: (top + bottom) / 2,
      anchor: 'start',
    };
  }
  // A transition of a compound state into its own child (or back out to the parent).
  if (hints.nesting !== 'apart') {
    const [outer, inner] = hints.nesting === 'sourceContainsTarget' ? [source, target] : [target, source];
    const x = Math.min(cx(inner), outer.x + outer.width - 12);
    const fromOuter = outer === source;
    const start = fromOuter ? { x, y: outer.y + hints.header - 4 } : { x, y: inner.y };
    const end = fromOuter ? { x, y: inner.y } : { x, y: outer.y + hints.header - 4 };
    return {
      path: `M ${start.x} ${start.y} L ${end.x} ${end.y}`,
      labelX: x + 6,
      labelY: (start.y + end.y) / 2,
      anchor: 'start',
    };
  }
  if (target.y >= source.y + source.height) {
    const start = { x: cx(source), y: source.y + source.height };
    const end = { x: cx(target), y: target.y };
    const bend = (end.y - start.y) / 2;
    const c1 = { x: start.x, y: start.y + bend };
    const c2 = { x: end.x, y: end.y - bend };
    // Arrows leaving one state fan out: their labels sit past the middle, where they have
    // parted, alternately higher and lower so neighbours do not cover each other.
    const label = cubicPoint(start, c1, c2, end, hints.fanIndex % 2 === 0 ? 0.6 : 0.8);
    return {
      path: `M ${start.x} ${start.y} C ${c1.x} ${c1.y}, ${c2.x} ${c2.y}, ${end.x} ${end.y}`,
      labelX: label.x,
      labelY: label.y,
      anchor: 'middle',
    };
  }
  if (target.y + target.height <= source.y) {
    // Back up the chart: out of the right side, round, into the target's right side.
    const start = { x: source.x + source.width, y: cy(source) };
    const end = { x: target.x + target.width, y: cy(target) };
    const reach = Math.max(start.x, end.x) + 24 + Math.min(60, (start.y - end.y) / 8);
    return {
      path: `M ${start.x} ${start.y} C ${reach} ${start.y}, ${reach} ${end.y}, ${end.x} ${end.y}`,
      labelX: reach - 8,
      labelY: (start.y + end.y) / 2,
      anchor: 'start',
    };
  }
  const rightwards = cx(target) > cx(source);
  if (!hints.blocked) {
    // Neighbours on a row: a straight arrow, going right above the middle with its label
    // above, going left below with its label below, so a pair does not overlap.
    const shift = rightwards ? -6 : 6;
    const start = { x: rightwards ? source.x + source.width : source.x, y: cy(source) + shift };
    const end = { x: rightwards ? target.x : target.x + target.width, y: cy(target) + shift };
    const block = (hints.lines * 13) / 2 + 4;
    return {
      path: `M ${start.x} ${start.y} L ${end.x} ${end.y}`,
      labelX: (start.x + end.x) / 2,
      labelY: (start.y + end.y) / 2 + (rightwards ? -block : block),
      anchor: 'middle',
    };
  }
  // Across other boxes on the row: an arc over the row going right, under it going left.
  const edgeY = (box: Box) => (rightwards ? box.y : box.y + box.height);
  const lift = rightwards ? -26 : 26;
  const start = { x: cx(source) + (rightwards ? 10 : -10), y: edgeY(source) };
  const end = { x: cx(target) + (rightwards ? -10 : 10), y: edgeY(target) };
  const c1 = { x: start.x, y: start.y + lift };
  const c2 = { x: end.x, y: end.y + lift };
  const top = cubicPoint(start, c1, c2, end, 0.5);
  return {
    path: `M ${start.x} ${start.y} C ${c1.x} ${c1.y}, ${c2.x} ${c2.y}, ${end.x} ${end.y}`,
    labelX: top.x,
    labelY: top.y + (rightwards ? -8 : 12),
    anchor: 'middle',
  };
}
