import { maskPhone } from '../../../contract/access';
import type { Contact, SmsTemplate } from '../../../contract/contacts';
import { translate } from '../../../contract/messages';
import type { AppContext } from '../../context';
import { contactableCase, contactsOf, refuseContact, storeContact, type Who } from './log';
import { partyOfCase } from './person';
import { refuseSensitiveWords } from './sensitive-words';

/**
 * POST /api/cases/:id/sms: a template SMS to a party's phone, under the contact rules (quiet
 * hours; the party's own number only), sent through the product's SMS sender (the login
 * codes' one) once the contact is stored. The contact row is the SMS's record (its text as the
 * note, the phone by id): nothing goes to `sms_outbox`, which keeps sign-in codes, so no party
 * number is kept twice.
 */
export async function sendPartySms(
  app: AppContext,
  who: Who,
  caseId: number,
  body: { partyId: number; phoneId: number; template: SmsTemplate; override?: { reason: string } },
): Promise<Contact> {
  const current = await contactableCase(app, who.viewer, caseId);
  const party = await partyOfCase(app.db, caseId, body.partyId);
  const phone = party?.phones.get(body.phoneId);
  const text = translate('zh-CN', `sms.${body.template}`, {
    name: party?.name ?? '',
    client: current.clientName,
    caseNo: current.caseNo,
  });
  await refuseSensitiveWords(app.db, [{ path: 'template', text }]);
  if (!party || !phone) return refuseContact(app, who, caseId, party?.id ?? null, 'sms', 'contact.notAParty');
  const id = await storeContact(app, who, current, party, {
    channel: 'sms',
    direction: 'outbound',
    at: app.clock.now(),
    outcome: 'other',
    note: text,
    phoneId: body.phoneId,
    override: body.override,
    audit: { action: 'contact.sms', params: { smsTemplate: body.template } },
  });
  app.sms
    .send(phone.number, text)
    .catch((err) => app.log.error({ err, phone: maskPhone(phone.number) }, 'party sms not sent'));
  const [contact] = await contactsOf(app.db, caseId, { ids: [id] });
  return contact as Contact;
}
