import { z } from 'zod';
import { caseFilterSchema } from './case-api';
import { MAX_REPAYMENT_FEN } from './ledger';
import { bodyId, daySchema } from './paging';
import { textField } from './text';

/**
 * Routing rules (分案规则, issue 20, ARCHITECTURE §8 "Routing"): an ordered list; the first rule
 * that matches a case (region prefix, amount range, creditor) with a firm under its capacity
 * pushes the case to one of its firms, chosen by smooth weighted round-robin.
 */
export const MAX_ROUTING_RULES = 100;
export const MAX_RULE_FIRMS = 50;
/** Cases one `POST /api/cases/route` routes at most. */
export const MAX_ROUTED_CASES = 500;

export const routingFirmSchema = z.object({
  lawFirmId: bodyId,
  /** Its share within the rule: 3 and 1 send three cases to the first for one to the second. */
  weight: z.number().int().min(1).max(1000),
  /** The most open cases (pushed, accepted, being worked) the firm may hold. */
  capacity: z.number().int().min(0).max(10_000_000),
});

const amountFen = z.number().int().min(0).max(MAX_REPAYMENT_FEN);

export const routingRuleInputSchema = z
  .object({
    id: bodyId.optional(),
    name: textField({ min: 1, max: 40 }),
    /** Region codes the case's region starts with (44: Guangdong, 4403: Shenzhen); none: any region. */
    regionPrefixes: z
      .array(z.string().regex(/^\d{2,6}$/, 'rule.regionPrefix'))
      .max(50)
      .optional(),
    /** The amount claimed, inclusive bounds in fen. */
    minAmountFen: amountFen.optional(),
    maxAmountFen: amountFen.optional(),
    /** The case's creditor is one of these; none: any creditor. */
    creditorIds: z.array(bodyId).max(50).optional(),
    /** Cases this rule matches are routed the moment review approves them. */
    routeOnApprove: z.boolean().optional(),
    firms: z.array(routingFirmSchema).min(1).max(MAX_RULE_FIRMS),
  })
  .superRefine((rule, ctx) => {
    if (
      rule.minAmountFen !== undefined &&
      rule.maxAmountFen !== undefined &&
      rule.minAmountFen > rule.maxAmountFen
    )
      ctx.addIssue({ code: 'custom', path: ['minAmountFen'], message: 'routing.amountRange' });
    const seen = new Set<number>();
    for (const [i, firm] of rule.firms.entries()) {
      if (seen.has(firm.lawFirmId))
        ctx.addIssue({ code: 'custom', path: ['firms', i, 'lawFirmId'], message: 'routing.firmRepeated' });
      seen.add(firm.lawFirmId);
    }
  });
export type RoutingRuleInput = z.infer<typeof routingRuleInputSchema>;

/** PUT /api/routing-rules: the whole ordered list at once. */
export const routingRulesRequestSchema = z.object({
  rules: z.array(routingRuleInputSchema).max(MAX_ROUTING_RULES),
});
export type RoutingRulesRequest = z.infer<typeof routingRulesRequestSchema>;

export const routingRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  regionPrefixes: z.array(z.string()),
  minAmountFen: z.number().int().nullable(),
  maxAmountFen: z.number().int().nullable(),
  creditorIds: z.array(z.number().int()),
  routeOnApprove: z.boolean(),
  firms: z.array(
    routingFirmSchema.extend({
      lawFirmName: z.string(),
      /** The open cases the firm holds now. */
      openCases: z.number().int(),
    }),
  ),
});
export type RoutingRule = z.infer<typeof routingRuleSchema>;

export const routingRulesSchema = z.object({ rules: z.array(routingRuleSchema) });

/**
 * POST /api/cases/route: the cases named (at most 500, answered per case at once), or every case
 * of the case list's `filter` (run as a bulk job, answered `{id}`).
 */
export const routeRequestSchema = z
  .object({
    caseIds: z.array(bodyId).min(1).max(MAX_ROUTED_CASES, 'routing.tooManyCases').optional(),
    filter: caseFilterSchema.optional(),
  })
  .refine((b) => (b.caseIds === undefined) !== (b.filter === undefined), {
    path: ['caseIds'],
    message: 'bulk.selectionRequired',
  });

/** Per case: pushed to `lawFirmId`, or why not (`code` the message key, `reason` it translated). */
export const routeResultSchema = z.object({
  list: z.array(
    z.object({
      caseId: z.number().int(),
      caseNo: z.string().optional(),
      ok: z.boolean(),
      lawFirmId: z.number().int().nullable(),
      reason: z.string().optional(),
      code: z.string().optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
  succeeded: z.number().int(),
  refused: z.number().int(),
});
export type RouteResult = z.infer<typeof routeResultSchema>;

/** The answer of POST /api/cases/route: per case, or the bulk job a filter started. */
export const routeAnswerSchema = z.union([routeResultSchema, z.object({ id: z.number().int() })]);

/** POST /api/cases/:id/entrustment: a later expiry day (operations). */
export const entrustExtendRequestSchema = z.object({
  expiresOn: daySchema,
  version: z.number().int().positive(),
});
