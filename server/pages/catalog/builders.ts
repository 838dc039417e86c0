import type { AccessRule } from '../../../contract/access';
import type { CaseAbility } from '../../../contract/cases';
import {
  type ActionDescriptor,
  type ColumnDescriptor,
  type DashboardBlock,
  type FieldDescriptor,
  SCHEMA_VERSION,
  type TablePage,
} from '../../../contract/pages/descriptor';

/**
 * The small builders every catalog file writes its descriptors with: a column (text unless
 * told), a form field, a list's keyword filter, a navigate action, a stat card and a table
 * page with the catalog's defaults. Plain data out; the schema still checks every page (tests/api/*-pages.test.ts).
 */

export const col = (
  field: string,
  title: string,
  extra: Partial<ColumnDescriptor> = {},
): ColumnDescriptor => ({
  field,
  title,
  widget: 'text',
  ...extra,
});

export const field = (
  name: string,
  label: string,
  input: FieldDescriptor['input'],
  extra: Partial<FieldDescriptor> = {},
) => ({ name, label, input, ...extra }) as FieldDescriptor;

/** A list's keyword filter: free text of at most 60 characters. */
export const keyword = (label: string, placeholder: string) =>
  field('keyword', label, { kind: 'input', maxLength: 60 }, { placeholder });

export const go = (key: string, label: string, to: string, access?: AccessRule): ActionDescriptor => ({
  kind: 'navigate',
  key,
  label,
  to,
  ...(access ? { access } : {}),
});

export const stat = (
  title: string,
  path: string,
  icon: Extract<DashboardBlock, { kind: 'stat' }>['icon'],
  span: number,
  widget: ColumnDescriptor['widget'] = 'number',
): DashboardBlock => ({ kind: 'stat', title, field: path, widget, icon, span });

/**
 * Shown only when the case row or record says its reader may do this now: its `can`, computed
 * on the server by machines/caseRules.ts (where the case stands, and the reader's ability over
 * it). Descriptors never list statuses or positions themselves.
 */
export const mayDo = (ability: CaseAbility): NonNullable<ActionDescriptor['when']> => ({
  field: `can.${ability}`,
  in: [true],
});

/** A table page keyed by `id`, 20 rows a page. */
export const table = (
  page: Omit<TablePage, 'schemaVersion' | 'type' | 'rowKey' | 'pageSize'>,
): TablePage => ({
  schemaVersion: SCHEMA_VERSION,
  type: 'table',
  rowKey: 'id',
  pageSize: 20,
  ...page,
});
