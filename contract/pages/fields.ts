import { appPathSchema, titleKeySchema } from '../menu';
import { accessRuleSchema } from '../role-schemas';
import { z } from '../zod-mini';
import { ENUM_NAMES } from './enums';
import { type ApiCallMark, markReference } from './references';

/**
 * The building blocks of page descriptors (descriptor.ts): the paths a descriptor may hold,
 * and what a page shows (columns) and asks (inputs and fields). Strict like the pages: a key
 * a schema does not name is refused at its own path.
 */

/** An i18n key of the catalogue (every text a descriptor carries). */
export const key = titleKeySchema;
/** Shown only to roles holding this rule (contract/access.ts); the server enforces it again. */
export const access = z.optional(accessRuleSchema);
/** A field of a record, as a dot path: `caseNo`, `lawyer.name`. */
export const fieldPath = z
  .string()
  .check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/, 'descriptor.field'));

/** An app route with `:params` filled from the record: /list/case-detail/:id. */
export const routeTemplateSchema = appPathSchema;

/** An API path under /api with `:params` from the record or route: /cases/:id/transitions. */
export const apiTemplateSchema = z.string().check(
  z.regex(/^\/(?!\/)[A-Za-z0-9\-_/:]*$/, 'descriptor.apiPath'),
  z.refine((p) => !p.includes('//') && !/^\/api\//.test(p), 'descriptor.apiPath'),
);

/** A field holding an API path template, and the calls the browser makes with it. */
export const apiPath = (...calls: ApiCallMark[]) => markReference(apiTemplateSchema.clone(), { api: calls });
/** A field holding an app route template (a link, a navigation, where a form goes next). */
export const routeTemplate = () => markReference(routeTemplateSchema.clone(), { route: true });

export const DISPLAY_WIDGETS = [
  'text',
  'number',
  'percent',
  'fileSize',
  'money',
  'date',
  'datetime',
  'countdown',
  'status',
  'link',
  'region',
  'phone',
  'enum',
] as const;
export const displayWidgetSchema = z.enum(DISPLAY_WIDGETS);
export type DisplayWidget = z.infer<typeof displayWidgetSchema>;

/** One value shown in a column, a description item or a stat card. */
export const columnSchema = z.strictObject({
  field: fieldPath,
  title: key,
  widget: z._default(displayWidgetSchema, 'text'),
  enum: z.optional(z.enum(ENUM_NAMES)),
  /** Route template for the link widget; `:name` comes from the record. */
  link: z.optional(routeTemplate()),
  sortable: z.optional(z.boolean()),
  width: z.optional(z.number().check(z.int(), z.gte(40), z.lte(800))),
  fixed: z.optional(z.enum(['left', 'right'])),
  defaultHidden: z.optional(z.boolean()),
  /**
   * A second field shown under the value when the record has one (why a case was returned, how a
   * closed case ended), with its enum's labels when it names one.
   */
  note: z.optional(
    z.union([fieldPath, z.strictObject({ field: fieldPath, enum: z.optional(z.enum(ENUM_NAMES)) })]),
  ),
  access,
});
export type ColumnDescriptor = z.infer<typeof columnSchema>;

const option = z.strictObject({ value: z.union([z.string(), z.number(), z.boolean()]), label: key });

export const inputSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('input'),
    maxLength: z.optional(z.number().check(z.int(), z.gte(1), z.lte(500))),
  }),
  z.strictObject({ kind: z.literal('password') }),
  z.strictObject({
    kind: z.literal('textarea'),
    /** Up to 50,000: a list kept one item a line (敏感词) is long; prose stays far below. */
    maxLength: z.number().check(z.int(), z.gte(1), z.lte(50000)),
  }),
  z.strictObject({
    kind: z.literal('number'),
    /** The range the input allows, in the value's unit: fen for money (`min: 1` is ¥0.01). */
    min: z.optional(z.number()),
    max: z.optional(z.number()),
    /** Decimals typed; money always takes two (yuan and fen). */
    precision: z.optional(z.number().check(z.int(), z.gte(0), z.lte(4))),
    /** The user types yuan; the value is integer fen. */
    money: z.optional(z.boolean()),
  }),
  z.strictObject({
    kind: z.literal('select'),
    options: z.optional(z.array(option).check(z.maxLength(200))),
    enum: z.optional(z.enum(ENUM_NAMES)),
    /** Options from a GET answering `{ list }`. */
    optionsFrom: z.optional(
      z.strictObject({ path: apiPath({ method: 'GET' }), value: fieldPath, label: fieldPath }),
    ),
    multiple: z.optional(z.boolean()),
  }),
  z.strictObject({ kind: z.literal('date') }),
  z.strictObject({ kind: z.literal('datetime') }),
  /** Two query/body values: `<name>From` and `<name>To`. */
  z.strictObject({ kind: z.literal('dateRange') }),
  /** Two values in money: `<name>Min` and `<name>Max` (fen). */
  z.strictObject({ kind: z.literal('moneyRange') }),
  z.strictObject({
    kind: z.literal('region'),
    depth: z._default(z.union([z.literal(1), z.literal(2), z.literal(3)]), 2),
  }),
  z.strictObject({ kind: z.literal('switch') }),
  /**
   * Instalments of a repayment plan: rows of a due day and an amount, `[{dueOn, amountFen}]`,
   * their total shown beneath (POST /cases/:id/plans).
   */
  z.strictObject({
    kind: z.literal('instalments'),
    max: z._default(z.number().check(z.int(), z.gte(1), z.lte(60)), 36),
  }),
  /**
   * A creditor's fee rate per law firm: rows of a firm (options from a GET answering `{ list }`)
   * and a percentage, `[{lawFirmId, ratePercent}]` (POST and PUT /creditors).
   */
  z.strictObject({
    kind: z.literal('feeRates'),
    firmsFrom: z.strictObject({ path: apiPath({ method: 'GET' }), value: fieldPath, label: fieldPath }),
  }),
  z.strictObject({
    kind: z.literal('upload'),
    /**
     * Where each file is POSTed (multipart, field `file`); the field's value is the list of
     * the server's answers. Without a path the input says that uploads are not available.
     */
    path: z.optional(apiPath({ method: 'POST' }, { method: 'DELETE', suffix: '/:id', when: 'removable' })),
    accept: z.optional(z.string().check(z.regex(/^[a-z0-9.,/*-]*$/i), z.maxLength(100))),
    maxSizeMb: z._default(z.number().check(z.gte(0.1), z.lte(20)), 10),
    /**
     * A stored file (an answer with an `id`) can be removed: after the user confirms, the
     * input sends DELETE `<path>/<id>` and drops the file only once the server has.
     */
    removable: z.optional(z.boolean()),
    /** One file, whose answer's `id` is the field's value (a repayment's voucher), instead of the list of answers. */
    single: z.optional(z.boolean()),
  }),
]);
export type InputDescriptor = z.infer<typeof inputSchema>;

/** Named patterns instead of regex strings: descriptors never carry code. */
export const FIELD_PATTERNS = ['phone', 'creditCode', 'licenceNo', 'caseNo', 'email', 'password'] as const;

export const fieldSchema = z.strictObject({
  name: fieldPath,
  label: key,
  input: inputSchema,
  required: z.optional(z.boolean()),
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  minLength: z.optional(z.number().check(z.int(), z.gte(0))),
  maxLength: z.optional(z.number().check(z.int(), z.gte(1))),
  pattern: z.optional(z.enum(FIELD_PATTERNS)),
  placeholder: z.optional(key),
  defaultValue: z.optional(z.union([z.string(), z.number(), z.boolean()])),
  /** Grid span out of 24. */
  span: z.optional(z.number().check(z.int(), z.gte(1), z.lte(24))),
  access,
  /**
   * A form over a record (an edit) offers the field only while the record's `field` holds one
   * of these values (the case's `can.editClaim`); otherwise it shows the value disabled, with
   * `note` saying why (once, after a run of fields locked with the same note), and leaves it
   * out of what it sends. The server refuses the change anyway.
   */
  editableWhen: z.optional(
    z.strictObject({
      field: fieldPath,
      in: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).check(z.minLength(1)),
      note: key,
    }),
  ),
});
export type FieldDescriptor = z.infer<typeof fieldSchema>;
