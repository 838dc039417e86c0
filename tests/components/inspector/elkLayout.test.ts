import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../../machines';
import { caseStatusMachine } from '../../../machines/caseStatusMachine';
import { layoutStatechart } from '../../../src/inspector/elkLayout';
import { activeStateIds, statechartGraph } from '../../../src/inspector/statechartGraph';

/** ELK in-process (the app runs the same code in its web worker). */
const elk = new ELK();

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Points along an SVG path of straight segments (`M x y L x y ...`). */
function pointsOf(path: string): Array<{ x: number; y: number }> {
  const numbers = path.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  const corners = Array.from({ length: numbers.length / 2 }, (_, i) => ({
    x: numbers[2 * i],
    y: numbers[2 * i + 1],
  }));
  return corners.flatMap((p, i) => {
    const q = corners[i + 1];
    if (!q) return [p];
    return Array.from({ length: 20 }, (_, k) => ({
      x: p.x + ((q.x - p.x) * k) / 20,
      y: p.y + ((q.y - p.y) * k) / 20,
    }));
  });
}
const distance = (p: { x: number; y: number }, b: Box) =>
  Math.hypot(Math.max(b.x - p.x, 0, p.x - b.x - b.width), Math.max(b.y - p.y, 0, p.y - b.y - b.height));

describe.each(MACHINES.map((m) => [m.id, m.machine] as const))('the ELK layout of %s', (_id, machine) => {
  it('draws every state and every transition', async () => {
    const graph = statechartGraph(machine);
    const layout = await layoutStatechart(graph, elk);
    const ids = new Set<string>();
    const walk = (node: AnyNode) => {
      ids.add(node.id);
      Object.values(node.states).forEach(walk);
    };
    type AnyNode = { id: string; states: Record<string, AnyNode> };
    walk(machine.root as unknown as AnyNode);
    expect(new Set(layout.states.map((s) => s.id))).toEqual(ids);
    expect(layout.arrows.length).toBe(graph.arrows.length);
    for (const arrow of layout.arrows) expect(arrow.path).toMatch(/^M /);
  });

  it('puts no label over another label, a state or a compound state’s name, and each label on its arrow', async () => {
    const layout = await layoutStatechart(statechartGraph(machine), elk);
    const blocks = layout.states.map((s) => (s.compound ? { ...s, height: 30 } : s));
    for (const arrow of layout.arrows) {
      for (const other of layout.arrows)
        if (other !== arrow) expect(overlap(arrow.label, other.label)).toBe(false);
      for (const block of blocks)
        expect(overlap(arrow.label, block), `${arrow.id} over ${block.id}`).toBe(false);
      const near = Math.min(...pointsOf(arrow.path).map((p) => distance(p, arrow.label)));
      expect(near, arrow.id).toBeLessThanOrEqual(12);
    }
  });
});

describe('the statechart graph', () => {
  it('writes one line per transition between two states', () => {
    const graph = statechartGraph(caseStatusMachine);
    const toLawyer = graph.arrows.find((a) => a.id === 'caseStatus.pending.pool->caseStatus.processing');
    expect(toLawyer?.labels).toEqual(['TAKE [mayTake]', 'ASSIGN [mayAssign]']);
  });

  it('names the states a value stands for', () => {
    expect([...activeStateIds(caseStatusMachine, { pending: 'pool' })]).toEqual([
      'caseStatus.pending',
      'caseStatus.pending.pool',
    ]);
  });
});
