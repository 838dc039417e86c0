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
