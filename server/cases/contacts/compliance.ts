import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  CONNECTED_OUTCOMES,
  type ContactRule,
  type complianceBreachRowSchema,
  type complianceLawyerRowSchema,
  type compliancePartyDayRowSchema,
  type complianceQuerySchema,
} from '../../../contract/contacts';
import { businessDayEnd, businessDayStart, formatDate } from '../../../contract/dates';
import type { Paged } from '../../../contract/paging';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';

/**
 * 合规监控 (`compliance.read`): what the contact log and its refusals say about how the rules
 * are kept, over a period of business days (default the last 30 days; calls per person per day
 * the last 7). Grouped figures are few (firms x lawyers, persons x days), so they are grouped
 * and paged here after one indexed read of the period (`contacts_at_idx`, `contact_refusals_at_idx`).
 */
type Query = z.infer<typeof complianceQuerySchema>;
const DAY = 86_400_000;

function period(now: Date, query: Query, defaultDays: number): { from: string; to: string } {
  const to = query.dayTo ?? formatDate(now);
  const from =
    query.dayFrom ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (defaultDays - 1) * DAY).toISOString().slice(0, 10);
  return { from: businessDayStart(from), to: businessDayEnd(to) };
}

function page<T>(rows: T[], query: Query): Paged<T> {
  const start = (query.page - 1) * query.pageSize;
  return { list: rows.slice(start, start + query.pageSize), total: rows.length };
}

/** Contacts per firm and lawyer (whoever logged them), with overrides and refusals. */
export async function complianceByLawyer(
  app: AppContext,
  query: Query,
): Promise<Paged<z.infer<typeof complianceLawyerRowSchema>>> {
  const { from, to } = period(app.clock.now(), query, 30);
  const [logged, refused] = await Promise.all([
    app.db
      .selectFrom('contacts as c')
      .leftJoin('users as u', 'u.id', 'c.created_by')
      .leftJoin('law_firms as f', 'f.id', 'c.law_firm_id')
      .where('c.at', '>=', from)
      .where('c.at', '<', to)
      .where('c.channel', 'is not', null)
      .groupBy(['c.law_firm_id', 'c.created_by', 'u.name', 'f.name'])
      .select((eb) => [
        'c.law_firm_id',
        'c.created_by',
        'u.name as user_name',
        'f.name as firm_name',
        eb.fn.countAll<number>().as('contacts'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('c.channel', '=', 'call'), eb('c.direction', '=', 'outbound')]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('calls'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('c.channel', '=', 'call'), eb('c.outcome', 'in', [...CONNECTED_OUTCOMES])]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('connected'),
        eb.fn
          .sum<number>(eb.case().when('c.override_rule', 'is not', null).then(1).else(0).end())
          .as('overrides'),
      ])
      .execute(),
    app.db
      .selectFrom('contact_refusals as r')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('law_firms as f', 'f.id', 'r.law_firm_id')
      .where('r.at', '>=', from)
      .where('r.at', '<', to)
      .groupBy(['r.law_firm_id', 'r.user_id', 'u.name', 'f.name'])
      .select((eb) => [
        'r.law_firm_id',
        'r.user_id',
        'u.name as user_name',
        'f.name as firm_name',
        eb.fn.countAll<number>().as('n'),
      ])
      .execute(),
  ]);
  const rows = new Map<string, z.infer<typeof complianceLawyerRowSchema>>();
  const rowOf = (
    firmId: number | null,
    userId: number | null,
    userName: string | null,
    firmName: string | null,
  ) => {
    const key = `${firmId ?? 0}:${userId ?? 0}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        lawFirmName: firmName,
        userName,
        contacts: 0,
        calls: 0,
        connected: 0,
        overrides: 0,
        refused: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const g of logged) {
    const row = rowOf(g.law_firm_id, g.created_by, g.user_name, g.firm_name);
    row.contacts = Number(g.contacts);
    row.calls = Number(g.calls ?? 0);
    row.connected = Number(g.connected ?? 0);
    row.overrides = Number(g.overrides ?? 0);
  }
  for (const g of refused) rowOf(g.law_firm_id, g.user_id, g.user_name, g.firm_name).refused = Number(g.n);
  const sorted = [...rows.values()].sort(
    (a, b) =>
      b.refused + b.overrides - (a.refused + a.overrides) ||
      b.contacts - a.contacts ||
      a.key.localeCompare(b.key),
  );
  return page(sorted, query);
}

/** Refused contacts and contacts recorded against a rule, newest first. */
export async function complianceBreaches(
  app: AppContext,
  query: Query,
): Promise<Paged<z.infer<typeof complianceBreachRowSchema>>> {
  const { from, to } = period(app.clock.now(), query, 30);
  const upTo = query.page * query.pageSize;
  const db: Kysely<Database> = app.db;
  const refusals = db
    .selectFrom('contact_refusals as r')
    .innerJoin('cases', 'cases.id', 'r.case_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('law_firms as f', 'f.id', 'r.law_firm_id')
    .where('r.at', '>=', from)
    .where('r.at', '<', to);
  const overrides = db
    .selectFrom('contacts as c')
    .innerJoin('cases', 'cases.id', 'c.case_id')
    .leftJoin('users as u', 'u.id', 'c.created_by')
    .leftJoin('law_firms as f', 'f.id', 'c.law_firm_id')
    .where('c.at', '>=', from)
    .where('c.at', '<', to)
    .where('c.override_rule', 'is not', null);
  const [refusedRows, overrideRows, refusedCount, overrideCount] = await Promise.all([
    refusals
      .select([
        'r.id',
        'r.rule',
        'r.at',
        'r.case_id',
        'cases.case_no',
        'u.name as user_name',
        'f.name as firm_name',
      ])
      .orderBy('r.at', 'desc')
      .limit(upTo)
      .execute(),
    overrides
      .select([
        'c.id',
        'c.override_rule',
        'c.override_reason',
        'c.at',
        'c.case_id',
        'cases.case_no',
        'u.name as user_name',
        'f.name as firm_name',
      ])
      .orderBy('c.at', 'desc')
      .limit(upTo)
      .execute(),
    refusals.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    overrides.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const merged: z.infer<typeof complianceBreachRowSchema>[] = [
    ...refusedRows.map((r) => ({
      key: `refused:${r.id}`,
      kind: 'refused' as const,
      rule: r.rule as ContactRule,
      at: r.at,
      caseId: r.case_id,
      caseNo: r.case_no,
      userName: r.user_name,
      lawFirmName: r.firm_name,
      reason: null,
    })),
    ...overrideRows.map((c) => ({
      key: `override:${c.id}`,
      kind: 'override' as const,
      rule: c.override_rule as ContactRule,
      at: c.at,
      caseId: c.case_id,
      caseNo: c.case_no,
      userName: c.user_name,
      lawFirmName: c.firm_name,
      reason: c.override_reason,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at) || a.key.localeCompare(b.key));
  const start = (query.page - 1) * query.pageSize;
  return {
    list: merged.slice(start, start + query.pageSize),
    total: Number(refusedCount.n) + Number(overrideCount.n),
  };
}

/** Outbound calls per person and business day, across every case: the busiest first. */
export async function compliancePartyDays(
  app: AppContext,
  query: Query,
): Promise<Paged<z.infer<typeof compliancePartyDayRowSchema>>> {
  const { from, to } = period(app.clock.now(), query, 7);
  const calls = await app.db
    .selectFrom('contacts as c')
    .leftJoin('case_parties as p', 'p.id', 'c.party_id')
    .where('c.at', '>=', from)
    .where('c.at', '<', to)
    .where('c.channel', '=', 'call')
    .where('c.direction', '=', 'outbound')
    .where('c.person_key', 'is not', null)
    .select(['c.person_key', 'c.at', 'c.outcome', 'c.case_id', 'p.name'])
    .execute();
  const { dailyCalls, dailyAttempts } = app.config.contactRules;
  const days = new Map<string, z.infer<typeof compliancePartyDayRowSchema> & { caseIds: Set<number> }>();
  for (const c of calls) {
    const day = formatDate(c.at);
    // The person key is a hash: the row's key numbers it without showing it.
    const key = `${day}:${c.person_key}`;
    let row = days.get(key);
    if (!row) {
      row = {
        key,
        day,
        partyName: c.name,
        cases: 0,
        calls: 0,
        connected: 0,
        overLimit: false,
        caseIds: new Set(),
      };
      days.set(key, row);
    }
    row.calls++;
    if (CONNECTED_OUTCOMES.includes(c.outcome as (typeof CONNECTED_OUTCOMES)[number])) row.connected++;
    row.caseIds.add(c.case_id);
  }
  const rows = [...days.values()]
    .map(({ caseIds, ...row }) => ({
      ...row,
      cases: caseIds.size,
      overLimit: row.connected > dailyCalls || row.calls > dailyAttempts,
    }))
    .sort((a, b) => b.calls - a.calls || b.day.localeCompare(a.day) || a.key.localeCompare(b.key));
  return page(rows, query);
}
