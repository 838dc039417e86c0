/**
 * The floors inside server/ (ARCHITECTURE.md §1, server/README.md "Floors"): its parts (a
 * subfolder, or a file at its top such as config.ts) import downward only. No two parts import
 * each other, however long the loop and type-only imports included; the ground
 * (`SERVER_GROUND`) imports no feature, not even a type; and a migration imports at run time
 * nothing outside db/.
 */
import { cycleThrough, stronglyConnected } from './graph-cycles';
import { type ImportEdge, SOURCE, type Violation } from './import-graph';

/**
 * The ground of server/ that every feature stands on, floor by floor, and the only parts of
 * server/ each may import besides itself, types included: a type a ground part needs is declared
 * on the ground (context.ts declares `SmsSender`, which sms/ implements), and what it needs
 * from a feature at run time (who a request's caller is, for http/) is handed to it at startup
 * (server/app.ts), not imported.
 */
export const SERVER_GROUND: Readonly<Record<string, readonly string[]>> = {
  'config.ts': [],
  db: ['config.ts'],
  storage: ['config.ts', 'db'],
  'context.ts': ['config.ts', 'db', 'storage'],
  http: ['config.ts', 'db', 'context.ts'],
};

/**
 * Migrations run as they shipped, whatever the code around them becomes: at run time they import
 * only db/ (its dialect helpers and migrations/portable.ts), never a feature or contract/; one
 * that needs what a feature does carries its own copy.
 */
export const MIGRATIONS_FOLDER = 'server/db/migrations/';
export const MIGRATIONS_MAY_IMPORT = 'server/db/';

/**
 * The part of server/ a file belongs to: its subfolder (`auth`), or itself for a file at the top
 * of server/ (`config.ts`, also when an import of `./config` did not resolve); null outside
 * server/.
 */
export function serverPart(file: string): string | null {
  const parts = file.split('/');
  if (parts[0] !== 'server' || parts.length < 2) return null;
  if (parts.length === 2 && !SOURCE.test(parts[1])) return `${parts[1]}.ts`;
  return parts[1];
}

function partName(part: string): string {
  return SOURCE.test(part) ? part : `${part}/`;
}

/** What breaks the floors of server/: a ground part or a migration importing what it may not. */
export function serverFloorViolations(edges: readonly ImportEdge[]): Violation[] {
  const violations: Violation[] = [];
  for (const edge of edges) {
    if (edge.to === null || serverPart(edge.from) === null) continue;
    const refuse = (rule: string) =>
      violations.push({ file: edge.from, line: edge.line, specifier: edge.specifier, rule });
    const intoProject = !edge.to.startsWith('node_modules/') && !edge.to.startsWith('..');
    if (
      !edge.typeOnly &&
      edge.from.startsWith(MIGRATIONS_FOLDER) &&
      intoProject &&
      !edge.to.startsWith(MIGRATIONS_MAY_IMPORT)
    ) {
      refuse(
        'a migration runs as it shipped: at run time it imports only server/db/; carry a copy of what it runs',
      );
      continue;
    }
    const from = serverPart(edge.from) as string;
    const to = serverPart(edge.to);
    const allowed = SERVER_GROUND[from];
    if (!allowed || to === null || to === from || allowed.includes(to)) continue;
    const may = allowed.length === 0 ? 'nothing of server/' : allowed.map(partName).join(', ');
    refuse(
      `${partName(from)} is ground the features stand on: it imports ${may}, types included, not ${partName(to)} (declare the type on the ground; hand it what runs at startup)`,
    );
  }
  return violations;
}

/**
 * Import loops between the parts of server/, however long and type-only imports included: each
 * as the parts in import order, with one import that makes each step (a file cycle inside one
 * part is importCycles' to report).
 */
export function serverPartCycles(edges: readonly ImportEdge[]): string[] {
  const next = new Map<string, string[]>();
  const witness = new Map<string, ImportEdge>();
  for (const edge of edges) {
    const from = serverPart(edge.from);
    const to = edge.to === null ? null : serverPart(edge.to);
    if (from === null || to === null || from === to) continue;
    const key = `${from}\n${to}`;
    if (witness.has(key)) continue;
    witness.set(key, edge);
    if (!next.has(from)) next.set(from, []);
    next.get(from)!.push(to);
  }
  return stronglyConnected(next)
    .filter((group) => group.length > 1)
    .map((group) => {
      const cycle = cycleThrough(group, next);
      const steps = cycle.slice(1).map((to, k) => {
        const edge = witness.get(`${cycle[k]}\n${to}`) as ImportEdge;
        return `${edge.from}:${edge.line} imports '${edge.specifier}'`;
      });
      const others = group.filter((part) => !cycle.includes(part));
      const also = others.length > 0 ? `; the loop also takes in ${others.map(partName).join(', ')}` : '';
      return `import cycle between server/ parts: ${cycle.map(partName).join(' -> ')} (${steps.join('; ')})${also}`;
    });
}
