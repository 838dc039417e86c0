/**
 * The import direction of ARCHITECTURE.md §1, checked from the source: the import graph
 * (import-graph.ts: every import of every file, read with TypeScript's parser) judged by the
 * rules below. `tests/unit/import-direction.test.ts` runs it in `npm test`;
 * `npx tsx scripts/import-direction.ts` prints what it finds.
 *
 * Type-only imports count for the direction (a type from `src/` in `ui-registry/` still ties
 * them together) but not for cycles of files: they are gone at run time and break nothing there.
 *
 * Inside server/ the same holds a floor down (server-floors.ts; server/README.md "Floors").
 */
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cycleThrough, stronglyConnected } from './graph-cycles';
import {
  type ImportEdge,
  listSourceFiles,
  packageName,
  readGraph,
  topFolder,
  type Violation,
} from './import-graph';
import { serverFloorViolations, serverPartCycles } from './server-floors';

/** The top-level folders whose imports are judged, and the folders each may import from. */
export const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  src: ['src', 'ui-registry', 'machines', 'contract', 'locales'],
  'ui-registry': ['ui-registry', 'contract'],
  machines: ['machines', 'contract'],
  contract: ['contract'],
  server: ['server', 'contract', 'machines'],
  locales: ['locales', 'contract'],
  mocks: ['mocks', 'contract'],
  // Benchmarks and build scripts drive the product from outside, but not the browser app's shell.
  bench: ['bench', 'scripts', 'server', 'ui-registry', 'machines', 'contract', 'locales'],
  scripts: ['scripts', 'server', 'contract'],
  // tests/ may import every folder: it is where src/ is exercised from outside.
};

/**
 * contract/ and machines/ run in the browser and in Node: they import no Node API and no
 * package bound to the DOM. Rather than chase every such package, each may import only these,
 * which run in both without either (their READMEs say the same). `tsconfig.shared.json` does
 * the other half: it typechecks both folders without DOM or Node globals.
 */
export const SHARED_PACKAGES: Readonly<Record<string, readonly string[]>> = {
  contract: ['zod', '@vant/area-data'],
  machines: ['xstate'],
};

/** Packages the server never imports: they need a DOM (React and what is built on it). */
export const BROWSER_ONLY_PACKAGES: readonly RegExp[] = [
  /^react$/,
  /^react-dom$/,
  /^react-router$/,
  /^react-i18next$/,
  /^@xstate\/react$/,
  /^@arco-design\//,
  /^@antv\//,
];

/**
 * Folders where an import cycle is refused (STYLE.md: a cycle is a design bug): the product's
 * own. Runtime imports only; type-only ones do not count.
 */
export const ACYCLIC_FOLDERS: readonly string[] = [
  'src',
  'ui-registry',
  'machines',
  'contract',
  'server',
  'locales',
  'mocks',
];

/** What breaks the direction of §1: a folder importing one it may not, or a package it may not. */
export function directionViolations(edges: readonly ImportEdge[]): Violation[] {
  const violations: Violation[] = [];
  for (const edge of edges) {
    const folder = topFolder(edge.from);
    const allowed = MAY_IMPORT[folder];
    if (!allowed) continue;
    const refuse = (rule: string) =>
      violations.push({ file: edge.from, line: edge.line, specifier: edge.specifier, rule });

    // A path that lands in node_modules/ is a package import, however it is spelled (the
    // browser build's zod stand-in reaches one of zod's own files by path).
    const intoPackage = edge.to?.startsWith('node_modules/') ?? false;
    if (edge.to !== null && !intoPackage) {
      const target = topFolder(edge.to);
      if (target === '..' || target.startsWith('..')) refuse(`${folder}/ imports from outside the project`);
      else if (!allowed.includes(target)) {
        refuse(`${folder}/ may import only ${allowed.map((f) => `${f}/`).join(', ')}; not ${target}/`);
      }
      continue;
    }
    const pkg = intoPackage
      ? packageName((edge.to as string).slice('node_modules/'.length))
      : packageName(edge.specifier);
    const shared = SHARED_PACKAGES[folder];
    if (shared) {
      if (isNodeBuiltin(edge.specifier)) refuse(`${folder}/ runs in the browser too: no Node API`);
      else if (!shared.includes(pkg)) {
        refuse(`${folder}/ runs in the browser and in Node: only ${shared.join(', ')} (${pkg})`);
      }
    }
    if (folder === 'server' && BROWSER_ONLY_PACKAGES.some((pattern) => pattern.test(pkg))) {
      refuse(`server/ never imports React or what needs a DOM (${pkg})`);
    }
  }
  return violations;
}

/**
 * Import cycles among the files of the acyclic folders, through runtime imports: each cycle as
 * its files in import order (one strongly connected group of files, walked from its first).
 */
export function importCycles(edges: readonly ImportEdge[], folders = ACYCLIC_FOLDERS): string[][] {
  const inScope = (file: string) => folders.includes(topFolder(file));
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.typeOnly || edge.to === null || !inScope(edge.from) || !inScope(edge.to)) continue;
    if (!next.has(edge.from)) next.set(edge.from, []);
    next.get(edge.from)!.push(edge.to);
  }
  return stronglyConnected(next)
    .filter((group) => group.length > 1 || next.get(group[0])?.includes(group[0]))
    .map((group) => cycleThrough(group, next));
}

/** Everything wrong with the imports under `root`, as lines a person can act on. */
export function checkImports(root: string): string[] {
  const edges = readGraph(root, listSourceFiles(root, Object.keys(MAY_IMPORT)));
  return [
    ...[...directionViolations(edges), ...serverFloorViolations(edges)].map(
      (v) => `${v.file}:${v.line} imports '${v.specifier}': ${v.rule}`,
    ),
    ...importCycles(edges).map((cycle) => `import cycle: ${cycle.join(' -> ')}`),
    ...serverPartCycles(edges),
  ];
}

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problems = checkImports(resolve(import.meta.dirname, '..'));
  for (const problem of problems) console.error(problem);
  console.info(
    problems.length === 0 ? 'imports: as ARCHITECTURE.md §1 says' : `${problems.length} problem(s)`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
}
