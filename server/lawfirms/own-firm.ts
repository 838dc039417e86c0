import { sql } from 'kysely';
import type { LawFirmEditRequest, LawFirmRow } from '../../contract/firm-api';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { lawFirmRow } from './list';

/** The caller's own firm (a contact person's); anyone without one is answered 404. */
export async function ownFirm(app: AppContext, caller: Caller): Promise<LawFirmRow> {
  const firm = caller.lawFirmId === null ? undefined : await lawFirmRow(app.db, caller.lawFirmId);
  if (!firm) throw fail.notFound('lawfirm.noOwnFirm');
  return firm;
}

const LABELS: Record<keyof LawFirmEditRequest, string> = {
  regionCode: 'region',
  contactName: 'contact name',
  contactPhone: 'contact phone',
  address: 'address',
};

/**
 * A contact person updates their firm's contact details. The name and credit code were
 * reviewed and stay as they are. The change and its audit row are written together.
 */
export async function editOwnFirm(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  body: LawFirmEditRequest,
): Promise<LawFirmRow> {
  const before = await ownFirm(app, who.caller);
  const now = app.clock.now();
  const next = {
    region_code: body.regionCode,
    contact_name: body.contactName,
    contact_phone: body.contactPhone,
    ...(body.address === undefined ? {} : { address: body.address }),
  };
  const changed = (Object.keys(LABELS) as Array<keyof LawFirmEditRequest>).filter((key) => {
    const value = body[key];
    return value !== undefined && value !== before[key];
  });
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('law_firms')
      // A change a reviewer would read: the version goes up, so a decision on the old one is refused.
      .set({ ...next, updated_at: now.toISOString(), version: sql`version + 1` })
      .where('id', '=', before.id)
      .execute();
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'lawfirm.edit',
        entity: 'law_firm',
        entityId: before.id,
        summary: `${before.name}: ${changed.length ? changed.map((k) => LABELS[k]).join(', ') : 'no change'}`,
        params: { name: before.name },
      },
    );
  });
  return ownFirm(app, who.caller);
}
