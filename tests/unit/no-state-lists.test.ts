import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CASE_POSITIONS, CASE_STATUSES } from '../../contract/cases';
import { PROJECT_ROOT } from '../../server/config';

/**
 * The case status machine (machines/) is the one owner of a case's rules: a group of statuses
 * or positions ("unassigned", "worked", "may repay") is a tag on its states, and everyone else
 * asks for the tag. This test fails when a list of two or more status or position names is
 * written anywhere else: an array literal (`['processing', 'suspended']`, also inside
 * `eb('status', 'in', [...])`, `.in([...])`, `new Set([...])`, a descriptor's `when.in`) or a
 * SQL `in (...)` in a string or template.
 */

const NAMES = new Set<string>([...CASE_STATUSES, ...CASE_POSITIONS]);

/** Where such lists may stand: the enums' one definition, labels, the seed and the migrations. */
const ALLOWED = [
  /^machines\//,
  /^contract\/cases\.ts$/,
  /^contract\/labels[^/]*\.ts$/,
  /^server\/seed\//,
  /^server\/db\/migrations\//,
];

const SCANNED = ['server', 'src', 'ui-registry', 'contract'];

const WHAT_TO_USE = [
  'A list of case statuses or positions is written outside machines/. Ask the case machine instead:',
  '- a query: caseTagged(tag) from server/cases/tagged.ts (or statusesTagged / positionsTagged from machines/caseRules.ts);',
  '- one case: isUnassigned, isWorked, canRepay, canWriteLetter, canFollowUp, hasCaseTag (machines/caseRules.ts);',
  "- a descriptor's `when`: the row's `can` (mayDo('repay') in server/pages/catalog/builders.ts);",
  '- a new group: a tag on the states of machines/caseStatusMachine.ts (machines/caseTags.ts).',
].join('\n');

function sourceFiles(): string[] {
  return SCANNED.flatMap((dir) =>
    readdirSync(join(PROJECT_ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
      .map((f) => relative(PROJECT_ROOT, join(PROJECT_ROOT, dir, f)).replaceAll('\\', '/')),
  ).filter((path) => !path.includes('node_modules') && !ALLOWED.some((rule) => rule.test(path)));
}

/** The status and position names quoted inside an SQL `in (...)` of this text. */
function sqlInLists(text: string): string[][] {
  return [...text.matchAll(/\bin\s*\(([^)]*)\)/gi)].map((match) =>
    [...match[1].matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]).filter((name) => NAMES.has(name)),
  );
}

/** A list element's state name: a string, or the `value` of an option (`{value: 'pushed', label}`). */
function nameOf(element: ts.Expression): string | null {
  if (ts.isStringLiteralLike(element)) return element.text;
  if (!ts.isObjectLiteralExpression(element)) return null;
  for (const property of element.properties) {
    if (
      ts.isPropertyAssignment(property) &&
      property.name.getText() === 'value' &&
      ts.isStringLiteralLike(property.initializer)
    )
      return property.initializer.text;
  }
  return null;
}

/** Every list of two or more state names in a source text, as `line: names`. */
function stateLists(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, names: string[]) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${fileName}:${line + 1}: ${names.join(', ')}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isArrayLiteralExpression(node)) {
      const names = node.elements
        .map(nameOf)
        .filter((name): name is string => name !== null && NAMES.has(name));
      if (names.length >= 2) report(node, names);
    } else if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node)) {
      for (const names of sqlInLists(node.text)) if (names.length >= 2) report(node, names);
    } else if (ts.isTemplateExpression(node)) {
      // An `in (...)` split by `${...}` parts: read the template's text as one.
      const whole = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
      for (const names of sqlInLists(whole)) if (names.length >= 2) report(node, names);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...new Set(found)];
}

describe('no list of case statuses or positions outside machines/', () => {
  it('finds one when it is written (the check itself)', () => {
    expect(stateLists('a.ts', "eb('status', 'in', ['processing', 'suspended'])")).toHaveLength(1);
    expect(stateLists('a.ts', "q.where('position', 'in', ['pool', 'pushed', 'accepted'])")).toHaveLength(1);
    expect(
      stateLists('a.ts', "const when = { field: 'status', in: ['processing', 'closed'] };"),
    ).toHaveLength(1);
    expect(stateLists('a.ts', "new Set<CaseStatus>(['closed', 'suspended'])")).toHaveLength(1);
    expect(
      stateLists('a.ts', "options: [{ value: 'pushed', label: 'x' }, { value: 'accepted', label: 'y' }]"),
    ).toHaveLength(1);
    expect(stateLists('a.ts', "sql`status in ('processing', 'suspended')`")).toHaveLength(1);
    expect(
      stateLists('a.ts', "const q = \"select 1 from cases where position IN ('pushed','accepted')\";"),
    ).toHaveLength(1);
    // One name is no list; other enums that share a word are not case states.
    expect(stateLists('a.ts', "eb('status', '=', 'closed')")).toEqual([]);
    expect(stateLists('a.ts', "['running', 'done', 'failed'], ['pending', 'done']")).toEqual([]);
  });

  it('finds none in server/, src/, ui-registry/ and contract/', () => {
    const found = sourceFiles().flatMap((path) =>
      stateLists(path, readFileSync(join(PROJECT_ROOT, path), 'utf8')),
    );
    expect(found, `${WHAT_TO_USE}\nFound:\n${found.join('\n')}`).toEqual([]);
  });
});
