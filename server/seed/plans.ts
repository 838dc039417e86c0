import type { Kysely } from 'kysely';
import { formatDate } from '../../contract/dates';
import { addDays, fillInstalments, type PlanStatus, planStatusOf } from '../../contract/plans';
import type { Database } from '../db/schema';
import type { Random } from './random';

const DAY = 86_400_000;

/** How a seeded plan stands: days since it was proposed and from when its instalments fall due. */
const KINDS = {
  onTime: { proposedDaysAgo: 12, firstDueIn: 18, count: 4, reduced: false },
  overdue: { proposedDaysAgo: 40, firstDueIn: -10, count: 4, reduced: false },
  broken: { proposedDaysAgo: 75, firstDueIn: -65, count: 4, reduced: false },
  waiting: { proposedDaysAgo: 2, firstDueIn: 28, count: 3, reduced: true },
} as const;
type Kind = keyof typeof KINDS;

/**
 * Repayment plans on seeded processing cases: on time, with an instalment overdue, broken (违约)
 * and reduced ones waiting for approval (分期审核), among them four of the demo lawyer's
 * (13800000005) cases. Proposals and approvals are in the past; only due days may be ahead.
 * Nothing was repaid into them since they were proposed, so the instalments' statuses follow
 * from the day alone (contract/plans.ts).
 */
export async function seedPlans(
  db: Kysely<Database>,
  rng: Random,
  now: Date,
  demoLawyerUserId: number,
): Promise<number> {
  const today = formatDate(now);
  const base = db
    .selectFrom('cases as c')
    .innerJoin('lawyers as l', 'l.id', 'c.lawyer_id')
    .select(['c.id', 'c.case_no', 'c.client_name', 'c.amount_fen', 'c.outstanding_fen', 'l.user_id'])
    .where('c.status', '=', 'processing')
    .where('c.outstanding_fen', '>=', 100_000);
  // Past the demo lawyer's first and last few cases, which the API tests take for other things.
  const demo = await base
    .where('l.user_id', '=', demoLawyerUserId)
    .orderBy('c.id')
    .offset(3)
    .limit(4)
    .execute();
  const others = (await base.where('l.user_id', '!=', demoLawyerUserId).orderBy('c.id').execute()).filter(
    (_, i) => i % 15 === 7,
  );
  const kinds: Kind[] = ['onTime', 'overdue', 'broken', 'waiting'];
  const chosen = [...demo, ...others.slice(0, 24)];
  for (const [i, c] of chosen.entries()) {
    const kind = KINDS[kinds[i % kinds.length]];
    const outstanding = Number(c.outstanding_fen);
    const total = kind.reduced ? Math.ceil((outstanding * rng.int(80, 90)) / 100) : outstanding;
    const each = Math.floor(total / kind.count);
    const instalments = Array.from({ length: kind.count }, (_, n) => ({
      dueOn: addDays(today, kind.firstDueIn + n * 30),
      amountFen: n === kind.count - 1 ? total - each * (kind.count - 1) : each,
    }));
    const proposedAt = new Date(
      now.getTime() - kind.proposedDaysAgo * DAY - rng.int(0, DAY / 2),
    ).toISOString();
    const stored: PlanStatus = kind.reduced ? 'pendingApproval' : 'active';
    const filled = fillInstalments(instalments, 0, today);
    const status = kind.reduced ? stored : planStatusOf(stored, filled);
    const repaid = await db
      .selectFrom('repayments')
      .where('case_id', '=', c.id)
      .select((eb) => eb.fn.sum<number>('amount_fen').as('n'))
      .executeTakeFirstOrThrow();
    const debtor = await db
      .selectFrom('case_parties')
      .select(['role', 'name'])
      .where('case_id', '=', c.id)
      .orderBy('position')
      .execute();
    const reason = kind.reduced ? '债务人收入下降，申请减免部分罚息和利息，一次性分期结清' : null;
    const plan = await db
      .insertInto('repayment_plans')
      .values({
        case_id: c.id,
        status,
        total_fen: total,
        outstanding_fen: outstanding,
        repaid_base_fen: Number(repaid.n ?? 0),
        reason,
        proposed_by: c.user_id,
        fields: JSON.stringify({
          caseNo: c.case_no,
          creditor: c.client_name,
          firmName: null,
          lawyerName: null,
          parties: debtor.map((p) => ({ role: p.role, name: p.name, address: null })),
          claimFen: Number(c.amount_fen),
          claimParts: null,
          outstandingFen: outstanding,
          totalFen: total,
          instalments,
          reason,
          day: formatDate(proposedAt),
        }),
        created_at: proposedAt,
        activated_at: kind.reduced ? null : proposedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('plan_instalments')
      .values(
        filled.map((f) => ({
          plan_id: plan.id,
          seq: f.seq,
          due_on: f.dueOn,
          amount_fen: f.amountFen,
          status: kind.reduced ? 'due' : f.status,
        })),
      )
      .execute();
    await db.updateTable('cases').set({ plan_status: status }).where('id', '=', c.id).execute();
  }
  return chosen.length;
}
