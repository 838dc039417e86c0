import type { Kysely } from 'kysely';
import { creditCodeCheckChar } from '../../contract/credit-code';
import type { Database } from '../db/schema';

/**
 * The demo's creditors (委托方) and batches (委托批次): each creditor named by a case
 * (seed/names.ts clientName) becomes a record on first sight, with a valid credit code, a
 * contact and fee rates for a few firms; its cases go into one batch per quarter of their
 * creation, so batches of every age. Deterministic, without drawing from the seed's random
 * numbers, so the rest of the demo data stays the same.
 */

const CONTACTS = ['王建国', '李晓梅', '张伟', '刘芳', '陈静', '杨洋', '赵磊', '黄丽'];

/** A valid 统一社会信用代码 for the n-th seeded creditor. */
export function seededCreditCode(n: number): string {
  const first17 = `9111000071${String(1_000_000 + n).slice(1)}1`;
  return `${first17}${creditCodeCheckChar(first17)}`;
}

function quarterStart(iso: string): string {
  const year = iso.slice(0, 4);
  const month = Number(iso.slice(5, 7));
  const first = Math.floor((month - 1) / 3) * 3 + 1;
  return `${year}-${String(first).padStart(2, '0')}-01`;
}

export function seedPlacements(firmIds: readonly number[], createdBy: number, at: string) {
  const creditors = new Map<string, number>();
  const batches = new Map<string, number>();

  const creditorOf = async (trx: Kysely<Database>, name: string): Promise<number> => {
    const known = creditors.get(name);
    if (known !== undefined) return known;
    const n = creditors.size + 1;
    const { id } = await trx
      .insertInto('creditors')
      .values({
        name,
        credit_code: seededCreditCode(n),
        contact_name: CONTACTS[n % CONTACTS.length],
        contact_phone: `139${String(10_000_000 + n * 7919).slice(-8)}`,
        reduction_max_percent: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rated = firmIds.slice(0, 6);
    if (rated.length > 0)
      await trx
        .insertInto('creditor_fee_rates')
        .values(
          rated.map((lawFirmId, i) => ({
            creditor_id: id,
            law_firm_id: lawFirmId,
            rate_bp: 600 + ((n * 7 + i * 3) % 13) * 100,
          })),
        )
        .execute();
    creditors.set(name, id);
    return id;
  };

  return {
    /** Creditor and batch of a case, made in `trx` on first sight. */
    async place(
      trx: Kysely<Database>,
      clientName: string,
      createdAt: string,
    ): Promise<{ creditor_id: number; batch_id: number }> {
      const creditorId = await creditorOf(trx, clientName);
      const entrustedOn = quarterStart(createdAt);
      const key = `${creditorId}:${entrustedOn}`;
      let batchId = batches.get(key);
      if (batchId === undefined) {
        const row = await trx
          .insertInto('case_batches')
          .values({
            batch_no: `PC${entrustedOn.slice(0, 7).replace('-', '')}-${String(creditorId).padStart(3, '0')}`,
            creditor_id: creditorId,
            entrusted_on: entrustedOn,
            created_by: createdBy,
            created_at: `${entrustedOn}T02:00:00.000Z`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        batchId = row.id;
        batches.set(key, batchId);
      }
      return { creditor_id: creditorId, batch_id: batchId };
    },
  };
}
