import type { Kysely } from 'kysely';
import { formatDate } from '../../contract/dates';
import { recordAudit } from '../audit/audit';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';

/**
 * Where a new case belongs: its creditor (委托方) and its batch (委托批次). The form's case joins
 * its creditor's batch of the day unless it names one; an import makes one batch per creditor,
 * resolving each distinct 委托方 name once (a name it has not met is looked up, or the creditor
 * made, on first sight; every later row of that name costs a map lookup).
 */

type Db = Kysely<Database>;

export interface Placement {
  creditorId: number;
  batchId: number;
  /** The creditor's name as the record has it: the case's 委托方. */
  clientName: string;
}

/** The creditor of this name, made from the bare name when there is none (concurrent makers agree). */
async function creditorNamed(trx: Db, name: string, at: Date): Promise<{ id: number; name: string }> {
  await trx
    .insertInto('creditors')
    .values({ name, created_at: at.toISOString(), updated_at: at.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return trx
    .selectFrom('creditors')
    .select(['id', 'name'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
}

async function newBatch(
  trx: Db,
  who: { caller: Caller | null; userId: number; requestId: string | null },
  batch: {
    batchNo: string;
    creditor: { id: number; name: string };
    entrustedOn: string;
    importId: number | null;
  },
  at: Date,
): Promise<number> {
  // Two forms making the creditor's batch of the day at once: the second joins the first's.
  const made = await trx
    .insertInto('case_batches')
    .values({
      batch_no: batch.batchNo,
      creditor_id: batch.creditor.id,
      entrusted_on: batch.entrustedOn,
      import_id: batch.importId,
      created_by: who.userId,
      created_at: at.toISOString(),
    })
    .onConflict((oc) => oc.column('batch_no').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!made) {
    const other = await trx
      .selectFrom('case_batches')
      .select(['id', 'creditor_id', 'import_id'])
      .where('batch_no', '=', batch.batchNo)
      .executeTakeFirstOrThrow();
    // Only the form's batch of the day is shared; an import's number taken meanwhile is a conflict.
    if (batch.importId !== null || other.creditor_id !== batch.creditor.id || other.import_id !== null)
      throw fail.conflict('batch.batchNoTaken', {}, [{ path: 'batchNo', message: 'batch.batchNoTaken' }]);
    return other.id;
  }
  const { id } = made;
  await recordAudit(
    trx,
    { caller: who.caller, requestId: who.requestId, at, actorId: who.userId },
    {
      action: 'batch.create',
      entity: 'case_batch',
      entityId: id,
      summary: `batch ${batch.batchNo} of ${batch.creditor.name}`,
      params: { batchNo: batch.batchNo, creditor: batch.creditor.name },
    },
  );
  return id;
}

/** The form's case: by `creditorId` or its 委托方 name; into `batchId` (the creditor's) or the creditor's batch of the day. */
export async function placeFormCase(
  trx: Db,
  who: { caller: Caller; requestId: string },
  input: { creditorId?: number; clientName?: string; batchId?: number },
  at: Date,
): Promise<Placement> {
  let creditor: { id: number; name: string };
  if (input.creditorId !== undefined) {
    const found = await trx
      .selectFrom('creditors')
      .select(['id', 'name'])
      .where('id', '=', input.creditorId)
      .executeTakeFirst();
    if (!found) throw fail.field('creditorId', 'creditor.notFound');
    creditor = found;
  } else if (input.clientName) {
    creditor = await creditorNamed(trx, input.clientName, at);
  } else {
    throw fail.field('clientName', 'creditor.required');
  }
  if (input.batchId !== undefined) {
    const batch = await trx
      .selectFrom('case_batches')
      .select(['id', 'creditor_id'])
      .where('id', '=', input.batchId)
      .executeTakeFirst();
    if (!batch) throw fail.field('batchId', 'batch.notFound');
    if (batch.creditor_id !== creditor.id) throw fail.field('batchId', 'batch.otherCreditor');
    return { creditorId: creditor.id, batchId: batch.id, clientName: creditor.name };
  }
  const day = formatDate(at);
  const batchNo = `F${day.replaceAll('-', '')}-${creditor.id}`;
  const existing = await trx
    .selectFrom('case_batches')
    .select('id')
    .where('batch_no', '=', batchNo)
    .executeTakeFirst();
  const batchId =
    existing?.id ??
    (await newBatch(
      trx,
      { caller: who.caller, userId: who.caller.userId, requestId: who.requestId },
      { batchNo, creditor, entrustedOn: day, importId: null },
      at,
    ));
  return { creditorId: creditor.id, batchId, clientName: creditor.name };
}

export interface ImportPlacementPlan {
  importId: number;
  userId: number;
  /** Every row belongs to it (its 委托方 cell must name it). */
  creditor: { id: number; name: string } | null;
  /** The first batch's number; a second creditor's batch adds `-2`, and so on. Generated when absent. */
  batchNo: string | null;
  entrustedOn: string;
}

/** An import's placer: one batch per creditor, each distinct name resolved once. */
export function importPlacer(plan: ImportPlacementPlan) {
  const byName = new Map<string, Placement>();
  let batches = 0;
  const batchNoFor = (n: number) => {
    const base = plan.batchNo ?? `PC${plan.entrustedOn.replaceAll('-', '')}-${plan.importId}`;
    return n === 1 ? base : `${base}-${n}`;
  };
  return {
    /** A row's 委托方 that the import's creditor does not allow (null: allowed). */
    refuses(clientName: string): boolean {
      return plan.creditor !== null && clientName.trim() !== plan.creditor.name;
    },
    /** Each case's placement, in order; creditors and batches are made in `trx` on first sight. */
    async place(trx: Db, names: readonly string[], at: Date): Promise<Placement[]> {
      const out: Placement[] = [];
      for (const raw of names) {
        const name = plan.creditor?.name ?? raw.trim();
        let placed = byName.get(name);
        if (!placed) {
          const creditor = plan.creditor ?? (await creditorNamed(trx, name, at));
          batches += 1;
          const batchId = await newBatch(
            trx,
            { caller: null, userId: plan.userId, requestId: null },
            {
              batchNo: batchNoFor(batches),
              creditor,
              entrustedOn: plan.entrustedOn,
              importId: plan.importId,
            },
            at,
          );
          placed = { creditorId: creditor.id, batchId, clientName: creditor.name };
          byName.set(name, placed);
        }
        out.push(placed);
      }
      return out;
    },
    /** Forget what a rolled-back transaction made (mode `all` retried, a failed batch). */
    forget(): void {
      byName.clear();
    },
  };
}
export type ImportPlacer = ReturnType<typeof importPlacer>;

/**
 * An import's optional fields checked before its job exists: the creditor exists (400 at
 * `creditorId`), the batch number is free (409 at `batchNo`), the day of entrustment defaults to today.
 */
export async function importPlacementOf(
  db: Db,
  request: { creditorId?: number; batchNo?: string; entrustedOn?: string },
  at: Date,
): Promise<Omit<ImportPlacementPlan, 'importId' | 'userId'>> {
  let creditor: { id: number; name: string } | null = null;
  if (request.creditorId !== undefined) {
    creditor =
      (await db
        .selectFrom('creditors')
        .select(['id', 'name'])
        .where('id', '=', request.creditorId)
        .executeTakeFirst()) ?? null;
    if (!creditor) throw fail.field('creditorId', 'creditor.notFound');
  }
  if (request.batchNo !== undefined) {
    const taken = await db
      .selectFrom('case_batches')
      .select('id')
      .where('batch_no', '=', request.batchNo)
      .executeTakeFirst();
    if (taken)
      throw fail.conflict('batch.batchNoTaken', {}, [{ path: 'batchNo', message: 'batch.batchNoTaken' }]);
  }
  return { creditor, batchNo: request.batchNo ?? null, entrustedOn: request.entrustedOn ?? formatDate(at) };
}
