import { z } from '../zod-mini';
import { access, apiPath, columnSchema, fieldPath, key } from './fields';

/**
 * The sections of a detail page (`detailPageSchema` in descriptor.ts): descriptions, a table of
 * a record's list, a case's parties, a timeline. A table's row actions are descriptor actions,
 * which hold pages, which hold sections again: the action schema is handed in by descriptor.ts
 * (`detailSectionSchema` there) rather than imported, so neither file imports the other.
 */
export function detailSectionSchemaOver<Action>(action: z.ZodMiniType<Action>) {
  return z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('descriptions'),
      title: key,
      items: z.array(columnSchema).check(z.minLength(1), z.maxLength(60)),
      columns: z._default(z.number().check(z.int(), z.gte(1), z.lte(4)), 3),
      access,
    }),
    z.strictObject({
      kind: z.literal('table'),
      title: key,
      field: fieldPath,
      columns: z.array(columnSchema).check(z.minLength(1), z.maxLength(30)),
      /** Per row (templates filled from the row, then the route); the record is read again after one. */
      rowActions: z.optional(z.array(action).check(z.maxLength(5))),
      access,
    }),
    /**
     * A case's parties (ui-registry/pages/detail/parties/): GET `path` answers `{list, can}`; each ID
     * number and phone has 查看, which asks for a reason and POSTs `<path>/:partyId/reveal`; with
     * `editable`, a party is added (POST `path`) and changed (PUT `<path>/:partyId`) as `can` allows.
     */
    z.strictObject({
      kind: z.literal('parties'),
      title: key,
      path: apiPath(
        { method: 'GET' },
        { method: 'POST', suffix: '/:partyId/reveal' },
        { method: 'POST', when: 'editable' },
        { method: 'PUT', suffix: '/:partyId', when: 'editable' },
      ),
      editable: z.optional(z.boolean()),
      access,
    }),
    z.strictObject({
      kind: z.literal('timeline'),
      title: key,
      field: fieldPath,
      time: fieldPath,
      content: fieldPath,
      label: z.optional(fieldPath),
      access,
    }),
  ]);
}
