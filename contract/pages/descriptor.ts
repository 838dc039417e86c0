import type { AccessRule } from '../access';
import { BULK_CASE_EVENTS, CASE_EVENTS } from '../cases';
import { menuIconSchema, pageIdSchema } from '../menu';
import { type Title, titleSchema } from '../title';
import { DESCRIPTOR_LIMITS } from '../tree-limits';
import { withinTreeLimits } from '../tree-limits-schema';
import { z } from '../zod-mini';
import { detailSectionSchemaOver } from './detail-sections';
import { ENUM_NAMES } from './enums';
import {
  access,
  apiPath,
  type ColumnDescriptor,
  columnSchema,
  displayWidgetSchema,
  type FieldDescriptor,
  fieldPath,
  fieldSchema,
  key,
  routeTemplate,
} from './fields';
import { markReference, schemaReferences } from './references';

/**
 * Page descriptors: what the server sends, what the browser renders with Arco. Data only:
 * every text is an i18n key, every link a route template, every call an API path template
 * the server checks against its own route list. No HTML, no scripts, no expressions.
 *
 * Every object is strict: a key the schema does not name (`onClick`, `dangerouslySetInnerHTML`)
 * is refused at its own path, never silently dropped. The fields that hold an API path or an
 * app route say so on the schema (`apiPath`, `routeTemplate`: contract/pages/references.ts),
 * which is where `descriptorReferences` learns them. The building blocks (path templates,
 * columns, inputs, form fields) are in fields.ts and re-exported here.
 */
export const SCHEMA_VERSION = 1;

export {
  apiTemplateSchema,
  type ColumnDescriptor,
  columnSchema,
  DISPLAY_WIDGETS,
  type DisplayWidget,
  displayWidgetSchema,
  FIELD_PATTERNS,
  type FieldDescriptor,
  fieldSchema,
  type InputDescriptor,
  inputSchema,
  routeTemplateSchema,
} from './fields';

/** Show an action only when a record field holds one of these values (no expressions). */
const whenSchema = z.strictObject({
  field: fieldPath,
  in: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).check(z.minLength(1)),
});

const actionBase = {
  key: z.string().check(z.regex(/^[a-zA-Z][\w-]{0,40}$/)),
  label: key,
  access,
  when: z.optional(whenSchema),
  danger: z.optional(z.boolean()),
  /** i18n key of a confirmation question; the action waits for OK. */
  confirm: z.optional(key),
};

export { CASE_EVENTS };

/** Where a `transition` action sends its case status event (`POST /api/cases/:id/transitions`). */
export const CASE_TRANSITION_PATH = '/cases/:id/transitions';

export { BULK_CASE_EVENTS };

/** Where a `bulkTransition` action sends one event for the ticked cases (answered per case). */
export const BULK_TRANSITION_PATH = '/cases/bulk-transitions';

/** Where a `bulkRoute` action sends the ticked cases, or the list's filter, to be routed by the rules. */
export const BULK_ROUTE_PATH = '/cases/route';

export type ActionDescriptor =
  | (BaseAction & { kind: 'navigate'; to: string })
  | (BaseAction & {
      kind: 'api';
      method: 'POST' | 'PUT' | 'DELETE';
      path: string;
      body?: 'none' | 'record' | 'selection' | 'form';
      form?: FieldDescriptor[];
      sendVersion?: boolean;
      values?: Record<string, string | number | boolean>;
      summary?: ColumnDescriptor[];
      successMessage?: string;
    })
  | (BaseAction & { kind: 'transition'; event: (typeof CASE_EVENTS)[number] })
  | (BaseAction & { kind: 'bulkTransition'; event: (typeof BULK_CASE_EVENTS)[number] })
  | (BaseAction & { kind: 'bulkRoute' })
  | (BaseAction & { kind: 'drawer' | 'modal'; page: PageDescriptor })
  | (BaseAction & { kind: 'export'; path: string });

interface BaseAction {
  key: string;
  label: string;
  access?: AccessRule;
  when?: z.infer<typeof whenSchema>;
  danger?: boolean;
  confirm?: string;
}

export const actionSchema: z.ZodMiniType<ActionDescriptor> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({ ...actionBase, kind: z.literal('navigate'), to: routeTemplate() }),
    z.strictObject({
      ...actionBase,
      kind: z.literal('api'),
      method: z.enum(['POST', 'PUT', 'DELETE']),
      path: apiPath({ method: { field: 'method' } }),
      /**
       * What is sent: nothing (default), the record, `{ ids }` of the ticked rows, or the
       * values of `form` asked in a small dialog first.
       */
      body: z.optional(z.enum(['none', 'record', 'selection', 'form'])),
      /** Fields asked for in a small form before the call (body: form). */
      form: z.optional(z.array(fieldSchema).check(z.maxLength(20))),
      /** body: form: the record's `version` goes with the values (a decision names what was read; 409 when older). */
      sendVersion: z.optional(z.boolean()),
      /**
       * body: form: fixed values sent with the form's (a 暂停 action sends `suspended: true`), so
       * one route serves two plainly named actions instead of a choice inside one dialog.
       */
      values: z.optional(
        z.record(fieldPath, z.union([z.string().check(z.maxLength(100)), z.number(), z.boolean()])),
      ),
      /**
       * Values of the record shown above that form, for the decision it asks (a repayment's
       * outstanding amount); a refusal's `data` with the same fields replaces them there.
       */
      summary: z.optional(z.array(columnSchema).check(z.minLength(1), z.maxLength(6))),
      successMessage: z.optional(key),
    }),
    markReference(
      z.strictObject({ ...actionBase, kind: z.literal('transition'), event: z.enum(CASE_EVENTS) }),
      { api: [{ method: 'POST', path: CASE_TRANSITION_PATH }] },
    ),
    /**
     * A bulk action of the case list: one event (ASSIGN, PUSH, CLOSE) for every ticked case,
     * with the details asked once; the answer lists which cases it was done for and which were
     * refused, and why.
     */
    markReference(
      z.strictObject({ ...actionBase, kind: z.literal('bulkTransition'), event: z.enum(BULK_CASE_EVENTS) }),
      { api: [{ method: 'POST', path: BULK_TRANSITION_PATH }] },
    ),
    /**
     * 按规则分案 on the case list: the ticked pooled cases pushed to firms by the routing rules
     * (answered per case), or every case of the filter as a bulk job.
     */
    markReference(z.strictObject({ ...actionBase, kind: z.literal('bulkRoute') }), {
      api: [{ method: 'POST', path: BULK_ROUTE_PATH }],
    }),
    z.strictObject({ ...actionBase, kind: z.enum(['drawer', 'modal']), page: nestedPageSchema }),
    /**
     * A file the server streams, saved with the session: a CSV of the table's current filter
     * and sort (or of the ticked rows, as `ids=1,2,3`), or as a row action the row's own file.
     */
    z.strictObject({ ...actionBase, kind: z.literal('export'), path: apiPath({ method: 'GET' }) }),
  ]),
) as z.ZodMiniType<ActionDescriptor>;

/** Where a page's data comes from: a GET under /api; `:params` come from the route. */
export const sourceSchema = z.strictObject({ path: apiPath({ method: 'GET' }) });

const base = {
  schemaVersion: z.literal(SCHEMA_VERSION),
  id: pageIdSchema,
  /** An i18n key or the text in both languages (contract/title.ts). */
  title: titleSchema,
  access,
};

/**
 * The query params of a table page, in its URL and in the GET of its source alike: these,
 * plus each filter's own (a `dateRange` named `created` as `createdFrom`/`createdTo`, a
 * `moneyRange` named `amount` as `amountMin`/`amountMax` in fen, a multiple select as
 * repeated keys). `sortOrder` is `ascend` or `descend`. The answer is `{ list, total }`.
 */
export const TABLE_QUERY = {
  page: 'page',
  pageSize: 'pageSize',
  sortField: 'sortField',
  sortOrder: 'sortOrder',
} as const;

export const tablePageSchema = z.strictObject({
  ...base,
  type: z.literal('table'),
  source: sourceSchema,
  rowKey: z._default(fieldPath, 'id'),
  filters: z._default(z.array(fieldSchema).check(z.maxLength(30)), []),
  columns: z.array(columnSchema).check(z.minLength(1), z.maxLength(40)),
  // Row actions are mostly state-gated (`when`): 案件管理 lists 11, a row shows three or four.
  rowActions: z._default(z.array(actionSchema).check(z.maxLength(16)), []),
  toolbar: z._default(z.array(actionSchema).check(z.maxLength(10)), []),
  bulkActions: z._default(z.array(actionSchema).check(z.maxLength(10)), []),
  pageSize: z._default(z.number().check(z.int(), z.gte(5), z.lte(100)), 20),
  defaultSort: z.optional(z.strictObject({ field: fieldPath, order: z.enum(['ascend', 'descend']) })),
});

export const formPageSchema = z.strictObject({
  ...base,
  type: z.literal('form'),
  /** Initial values (a GET answering the record); none for a blank form. */
  source: z.optional(sourceSchema),
  fields: z.array(fieldSchema).check(z.minLength(1), z.maxLength(60)),
  layout: z._default(z.enum(['vertical', 'horizontal']), 'vertical'),
  columns: z._default(z.union([z.literal(1), z.literal(2), z.literal(3)]), 1),
  submit: z.strictObject({
    method: z.enum(['POST', 'PUT']),
    path: apiPath({ method: { field: 'method' } }),
    label: z.optional(key),
    successMessage: z.optional(key),
    /** Where to go after success: a route template, back, or stay. (Not `then`: that would make it a thenable.) */
    afterSuccess: z._default(z.union([routeTemplate(), z.literal('back'), z.literal('stay')]), 'stay'),
  }),
});

/** The sections of a detail page (detail-sections.ts), whose tables take this file's actions. */
export const detailSectionSchema = detailSectionSchemaOver(actionSchema);

export const detailPageSchema = z.strictObject({
  ...base,
  type: z.literal('detail'),
  source: sourceSchema,
  /** A record field shown beside the title (the case number). */
  subtitleField: z.optional(fieldPath),
  sections: z.array(detailSectionSchema).check(z.minLength(1), z.maxLength(20)),
  /** At most 16: 案件处理 offers contacts, money, the plan, letters and the status events (only those the case allows show). */
  actions: z._default(z.array(actionSchema).check(z.maxLength(16)), []),
});

export const CHART_KINDS = ['line', 'column', 'bar', 'pie', 'donut', 'area'] as const;

export const dashboardBlockSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('stat'),
    title: key,
    field: fieldPath,
    widget: z._default(displayWidgetSchema, 'number'),
    /** From the same icon allowlist as the menu. */
    icon: z.optional(menuIconSchema),
    span: z._default(z.number().check(z.int(), z.gte(1), z.lte(24)), 6),
    access,
  }),
  z.strictObject({
    kind: z.literal('chart'),
    title: key,
    chart: z.enum(CHART_KINDS),
    /** A list in the data: `[{ month, count, series? }]`. */
    field: fieldPath,
    x: fieldPath,
    y: fieldPath,
    series: z.optional(fieldPath),
    /** Enum whose labels name the x values or series (pie slices by status). */
    enum: z.optional(z.enum(ENUM_NAMES)),
    span: z._default(z.number().check(z.int(), z.gte(1), z.lte(24)), 12),
    height: z._default(z.number().check(z.int(), z.gte(160), z.lte(600)), 300),
    access,
  }),
  z.strictObject({
    kind: z.literal('ranking'),
    title: key,
    field: fieldPath,
    label: fieldPath,
    value: fieldPath,
    widget: z._default(displayWidgetSchema, 'number'),
    span: z._default(z.number().check(z.int(), z.gte(1), z.lte(24)), 8),
    access,
  }),
  z.strictObject({
    kind: z.literal('list'),
    title: key,
    field: fieldPath,
    columns: z.array(columnSchema).check(z.minLength(1), z.maxLength(10)),
    more: z.optional(routeTemplate()),
    span: z._default(z.number().check(z.int(), z.gte(1), z.lte(24)), 12),
    access,
  }),
]);

export type DashboardBlock = z.infer<typeof dashboardBlockSchema>;

export const dashboardPageSchema = z.strictObject({
  ...base,
  type: z.literal('dashboard'),
  source: sourceSchema,
  blocks: z.array(dashboardBlockSchema).check(z.minLength(1), z.maxLength(30)),
});

export const RESULT_STATUSES = ['success', 'error', 'info', 'warning', '403', '404', '500'] as const;

export const resultPageSchema = z.strictObject({
  ...base,
  type: z.literal('result'),
  status: z.enum(RESULT_STATUSES),
  subtitle: z.optional(key),
  actions: z._default(z.array(actionSchema).check(z.maxLength(4)), []),
});

/** A page written by hand in the app, registered in the registry under `component`. */
export const builtinPageSchema = z.strictObject({
  ...base,
  type: z.literal('builtin'),
  component: z.string().check(z.regex(/^[A-Z][A-Za-z0-9]{1,60}$/)),
});

export type TablePage = z.infer<typeof tablePageSchema>;
export type FormPage = z.infer<typeof formPageSchema>;
export type DetailPage = z.infer<typeof detailPageSchema>;
export type DashboardPage = z.infer<typeof dashboardPageSchema>;
export type ResultPage = z.infer<typeof resultPageSchema>;
export type BuiltinPage = z.infer<typeof builtinPageSchema>;
export type TabsPage = {
  schemaVersion: typeof SCHEMA_VERSION;
  id: string;
  title: Title;
  access?: AccessRule;
  type: 'tabs';
  tabs: Array<{ key: string; title: Title; page: PageDescriptor; access?: AccessRule }>;
};
export type PageDescriptor =
  | TablePage
  | FormPage
  | DetailPage
  | DashboardPage
  | ResultPage
  | BuiltinPage
  | TabsPage;

export const tabsPageSchema: z.ZodMiniType<TabsPage> = z.lazy(() =>
  z.strictObject({
    ...base,
    type: z.literal('tabs'),
    tabs: z
      .array(
        z.strictObject({
          key: z.string().check(z.regex(/^[\w-]{1,40}$/)),
          title: titleSchema,
          page: nestedPageSchema,
          access,
        }),
      )
      .check(z.minLength(1), z.maxLength(12)),
  }),
) as z.ZodMiniType<TabsPage>;

export const PAGE_TYPES = ['table', 'form', 'detail', 'dashboard', 'tabs', 'result', 'builtin'] as const;

/**
 * One page, of any type: discriminated on `type`, so a wrong field is reported at its own path
 * (`columns.0.widget`) instead of as one failed alternative per page type. The recursive tabs
 * schema is declared as a plain ZodType, which hides its discriminator from the types (not
 * from zod: z.lazy forwards it), hence the cast. Tabs, drawers and modals hold pages of this
 * schema; a whole descriptor is checked with `pageDescriptorSchema`, which adds the limits.
 */
export const nestedPageSchema: z.ZodMiniType<PageDescriptor> = z.lazy(() =>
  z.discriminatedUnion('type', [
    tablePageSchema,
    formPageSchema,
    detailPageSchema,
    dashboardPageSchema,
    tabsPageSchema as unknown as z.core.$ZodTypeDiscriminable,
    resultPageSchema,
    builtinPageSchema,
  ]),
) as z.ZodMiniType<PageDescriptor>;

/**
 * A whole page descriptor, from anywhere (the API, the store, the editor, the browser): the
 * tree limits of contract/tree-limits.ts first, on the raw value, so a descriptor nested
 * 10,000 deep is refused at the page where it crosses the limit instead of overflowing the
 * stack; then the page schema.
 */
export const pageDescriptorSchema = withinTreeLimits(DESCRIPTOR_LIMITS, nestedPageSchema);

/** Every API call and route template of a (valid) descriptor, read from the schema's marks. */
export function descriptorReferences(page: unknown) {
  return schemaReferences(pageDescriptorSchema, page);
}
