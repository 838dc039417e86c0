import { maskPhone } from '../../../contract/access';
import type { CaseDetail } from '../../../contract/case-api';
import type { ContactWindow } from '../../../contract/contacts';
import type { AppContext } from '../../context';
import { fail } from '../../http/errors';
import type { CaseViewer } from '../scope';
import { visibleCase } from '../visible-case';
import { partyOfCase } from './person';
import { contactWindow } from './rules';

/** GET /api/cases/:id/contact-window?partyId=: may the party be called now, and if not, until when. */
export async function windowOfParty(
  app: AppContext,
  viewer: CaseViewer,
  caseId: number,
  partyId: number,
): Promise<ContactWindow> {
  await visibleCase(app.db, viewer, caseId);
  const party = await partyOfCase(app.db, caseId, partyId);
  if (!party) throw fail.notFound('party.notFound');
  return contactWindow(app.db, app.config.contactRules, party.keys, app.clock.now());
}

/** The main debtor's window, for the case detail that 案件处理 shows before a call; null without one. */
export async function mainDebtorWindow(
  app: AppContext,
  caseId: number,
): Promise<CaseDetail['contactWindow']> {
  const main = await app.db
    .selectFrom('case_parties')
    .select('id')
    .where('case_id', '=', caseId)
    .where('position', '=', 0)
    .executeTakeFirst();
  const party = main ? await partyOfCase(app.db, caseId, main.id) : null;
  if (!party) return null;
  const window = await contactWindow(app.db, app.config.contactRules, party.keys, app.clock.now());
  return { ...window, state: window.allowed ? 'open' : 'closed', partyName: party.name };
}

/**
 * GET /api/cases/:id/contact-phones: the parties' phones as the 记录联系 and 发短信 forms offer
 * them, masked, each named with its party (`王五 138****5678`).
 */
export async function contactPhones(
  app: AppContext,
  viewer: CaseViewer,
  caseId: number,
): Promise<{ list: Array<{ id: number; partyId: number; label: string }> }> {
  await visibleCase(app.db, viewer, caseId);
  const rows = await app.db
    .selectFrom('party_phones as ph')
    .innerJoin('case_parties as p', 'p.id', 'ph.party_id')
    .where('ph.case_id', '=', caseId)
    .select(['ph.id', 'ph.party_id', 'ph.number', 'ph.label', 'p.name'])
    .orderBy('p.position')
    .orderBy('ph.position')
    .execute();
  return {
    list: rows.map((r) => ({
      id: r.id,
      partyId: r.party_id,
      label: `${r.name} ${maskPhone(r.number)}${r.label ? ` (${r.label})` : ''}`,
    })),
  };
}
