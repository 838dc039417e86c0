/**
 * The import graph of the project, read from the source with TypeScript's parser: every import
 * of every file (static, `export ... from`, `import()` with a literal path, `typeof import()`),
 * whether it is erased at run time, and the file it resolves to. The rules that judge it live in
 * import-direction.ts and server-floors.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
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

/** Every source file under the given top-level folders, relative to the root. */
export function listSourceFiles(root: string, folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (SKIPPED_DIRS.has(name)) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) files.push(toPosix(relative(root, path)));
    }
  };
  for (const folder of folders) {
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

export function topFolder(file: string): string {
  return file.split('/')[0];
}

export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}
