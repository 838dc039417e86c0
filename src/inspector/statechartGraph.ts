import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from 'xstate';
import { transitionLabel } from './transitionLabel';

/**
 * A machine's definition as the boxes and arrows of its statechart, before layout: every state
 * node (compound ones with their children) and one arrow per pair of states with a line per
 * transition between them (`EVENT [guard]`). A transition without a target (it only runs
 * actions) is drawn as a loop on its state. Read from the definition only, so it works for
 * every machine offline.
 */

export interface ChartState {
  id: string;
  label: string;
  type: AnyStateNode['type'];
  /** The initial child of its parent. */
  initial: boolean;
  children: ChartState[];
}

export interface ChartArrow {
  id: string;
  source: string;
  target: string;
  labels: string[];
}

export interface ChartGraph {
  states: ChartState[];
  arrows: ChartArrow[];
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

export function statechartGraph(machine: AnyStateMachine): ChartGraph {
  const arrows = new Map<string, ChartArrow>();
  const visit = (node: AnyStateNode): ChartState => {
    for (const transition of transitionsOf(node)) {
      for (const target of transition.target ?? [node]) {
        const id = `${node.id}->${target.id}`;
        const arrow = arrows.get(id) ?? { id, source: node.id, target: target.id, labels: [] };
        const label = transitionLabel(transition);
        if (!arrow.labels.includes(label)) arrow.labels.push(label);
        arrows.set(id, arrow);
      }
    }
    const initial = node.parent?.initial?.target?.[0];
    return {
      id: node.id,
      label: node.key,
      type: node.type,
      initial: initial === node,
      children: Object.values(node.states as Record<string, AnyStateNode>).map(visit),
    };
  };
  // The machine itself is the outermost box: transitions of the root (a LOGGED_OUT heard in
  // every state) start from its edge.
  return { states: [visit(machine.root)], arrows: [...arrows.values()] };
}

/** The ids of the state nodes a state value stands for: `{ authenticated: 'ready' }` -> auth.authenticated, auth.authenticated.ready. */
export function activeStateIds(machine: AnyStateMachine, value: StateValue | null | undefined): Set<string> {
  const ids = new Set<string>();
  if (value == null) return ids;
  const walk = (node: AnyStateNode, part: StateValue) => {
    const states = node.states as Record<string, AnyStateNode>;
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
