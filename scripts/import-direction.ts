/**
 * The import direction of ARCHITECTURE.md §1, checked from the source: every import of every
 * file (static, `export ... from`, and `import()` with a literal path) is read with TypeScript's
 * parser and judged by the rules below. `tests/unit/import-direction.test.ts` runs it in
 * `npm test`; `npx tsx scripts/import-direction.ts` prints what it finds.
 *
 * Type-only imports count for the direction (a type from `src/` in `ui-registry/` still ties
 * them together) but not for cycles: they are gone at run time and break nothing there.
 *
 * Inside server/ the same holds a floor down (ARCHITECTURE.md §1, server/README.md "Floors"):
 * no two of its parts (a subfolder, or a file at its top such as config.ts) import each other
 * at run time, however long the loop; its ground (`SERVER_GROUND`: http/, db/, config.ts)
 * imports no feature at run time; and a migration imports at run time nothing outside db/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

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

/**
 * The ground of server/ that every feature stands on, and the only parts of server/ each may
 * import at run time besides itself (type-only imports are free: they are gone at run time).
 * What a ground part needs from a feature (who a request's caller is, for http/) is handed to
 * it at startup (server/app.ts), not imported.
 */
export const SERVER_GROUND: Readonly<Record<string, readonly string[]>> = {
  'config.ts': [],
  db: ['config.ts'],
  http: ['config.ts', 'db'],
};

/**
 * Migrations run as they shipped, whatever the code around them becomes: at run time they import
 * only db/ (its dialect helpers and migrations/portable.ts), never a feature or contract/; one
 * that needs what a feature does carries its own copy.
 */
export const MIGRATIONS_FOLDER = 'server/db/migrations/';
export const MIGRATIONS_MAY_IMPORT = 'server/db/';

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage']);
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

export interface ImportEdge {
  /** The importing file, relative to the root with `/` separators. */
  from: string;
  specifier: string;
  line: number;
  typeOnly: boolean;
  /** The imported file (relative to the root) for a relative import that resolves; else null. */
  to: string | null;
}

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  rule: string;
}

/** Every import of one file's text, with whether it is erased at run time. */
export function readImports(fileName: string, text: string): Omit<ImportEdge, 'from' | 'to'>[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kindOf(fileName));
  const found: Omit<ImportEdge, 'from' | 'to'>[] = [];
  const add = (literal: ts.StringLiteralLike, typeOnly: boolean) =>
    found.push({
      specifier: literal.text,
      line: source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1,
      typeOnly,
    });

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier, isTypeOnlyImport(node));
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0], false);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      // `typeof import('../x')` in a type position.
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function kindOf(fileName: string): ts.ScriptKind {
  return fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

/** `import type {...}`, or every named binding marked `type`: nothing is left at run time. */
function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** Every source file under the judged folders, relative to the root. */
export function listSourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (SKIPPED_DIRS.has(name)) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) files.push(toPosix(relative(root, path)));
    }
  };
  for (const folder of Object.keys(MAY_IMPORT)) {
    if (existsSync(join(root, folder))) walk(join(root, folder));
  }
  return files.sort();
}

/** The import graph of the given files. */
export function readGraph(root: string, files: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of files) {
    for (const found of readImports(from, readFileSync(join(root, from), 'utf8'))) {
      edges.push({ ...found, from, to: resolveRelative(root, from, found.specifier) });
    }
  }
  return edges;
}

function resolveRelative(root: string, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(root, dirname(from), specifier);
  for (const suffix of RESOLVE_SUFFIXES) {
    const candidate = base + suffix;
    if (existsSync(candidate) && statSync(candidate).isFile()) return toPosix(relative(root, candidate));
  }
  // Unresolved (a CSS file, a typo the typecheck reports): its folder still tells the direction.
  return toPosix(relative(root, base));
}

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

/** Tarjan's strongly connected components, iteratively (deep import chains stay off the call stack). */
function stronglyConnected(next: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;

  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; child: number }> = [{ node: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const children = next.get(top.node) ?? [];
      if (top.child < children.length) {
        const child = children[top.child++];
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== top.node);
        groups.push(group.sort());
      }
    }
  }
  return groups;
}

/** One concrete cycle inside a strongly connected group, for the message: a -> b -> a. */
function cycleThrough(group: readonly string[], next: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(group);
  const start = group[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const child of next.get(node) ?? []) {
      if (!members.has(child)) continue;
      if (child === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return [...path, start];
      }
      if (!previous.has(child)) {
        previous.set(child, node);
        queue.push(child);
      }
    }
  }
  return [...group, start];
}

/**
 * The part of server/ a file belongs to: its subfolder (`auth`), or itself for a file at the top
 * of server/ (`config.ts`); null outside server/.
 */
export function serverPart(file: string): string | null {
  const parts = file.split('/');
  if (parts[0] !== 'server' || parts.length < 2) return null;
  return parts[1];
}

function partName(part: string): string {
  return SOURCE.test(part) ? part : `${part}/`;
}

/** Runtime imports from one file of server/ into another file of server/ (not a package). */
function serverRuntimeEdges(edges: readonly ImportEdge[]): ImportEdge[] {
  return edges.filter(
    (edge) =>
      !edge.typeOnly && edge.to !== null && serverPart(edge.from) !== null && serverPart(edge.to) !== null,
  );
}

/** What breaks the floors of server/: a ground part or a migration importing what it may not. */
export function serverFloorViolations(edges: readonly ImportEdge[]): Violation[] {
  const violations: Violation[] = [];
  for (const edge of edges) {
    if (edge.typeOnly || edge.to === null || serverPart(edge.from) === null) continue;
    const refuse = (rule: string) =>
      violations.push({ file: edge.from, line: edge.line, specifier: edge.specifier, rule });
    const intoProject = !edge.to.startsWith('node_modules/') && !edge.to.startsWith('..');
    if (
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
      `${partName(from)} is ground the features stand on: at run time it imports ${may}, not ${partName(to)} (hand it what it needs at startup)`,
    );
  }
  return violations;
}

/**
 * Import loops between the parts of server/ through runtime imports, however long: each as the
 * parts in import order, with one import that makes each step (a file cycle inside one part is
 * importCycles' to report).
 */
export function serverPartCycles(edges: readonly ImportEdge[]): string[] {
  const next = new Map<string, string[]>();
  const witness = new Map<string, ImportEdge>();
  for (const edge of serverRuntimeEdges(edges)) {
    const from = serverPart(edge.from) as string;
    const to = serverPart(edge.to as string) as string;
    if (from === to) continue;
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

/** Everything wrong with the imports under `root`, as lines a person can act on. */
export function checkImports(root: string): string[] {
  const edges = readGraph(root, listSourceFiles(root));
  return [
    ...[...directionViolations(edges), ...serverFloorViolations(edges)].map(
      (v) => `${v.file}:${v.line} imports '${v.specifier}': ${v.rule}`,
    ),
    ...importCycles(edges).map((cycle) => `import cycle: ${cycle.join(' -> ')}`),
    ...serverPartCycles(edges),
  ];
}

function topFolder(file: string): string {
  return file.split('/')[0];
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problems = checkImports(resolve(import.meta.dirname, '..'));
  for (const problem of problems) console.error(problem);
  console.info(
    problems.length === 0 ? 'imports: as ARCHITECTURE.md §1 says' : `${problems.length} problem(s)`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
}
