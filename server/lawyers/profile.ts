import type { LawyerEditRequest, LawyerProfile } from '../../contract/firm-api';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { lawyerOfUser } from './list';

/** The caller's own lawyer profile; a caller without one is answered 404. */
export async function ownProfile(app: AppContext, caller: Caller): Promise<LawyerProfile> {
  const profile = await lawyerOfUser(app.db, caller.userId);
  if (!profile) throw fail.notFound('lawyer.noOwnProfile');
  return profile;
}

/**
 * A lawyer edits what others read about them (email, introduction); the licence number and
 * firm were reviewed and stay. A field left out stays as it is; an empty one is cleared.
 */
export async function editOwnProfile(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  body: LawyerEditRequest,
): Promise<LawyerProfile> {
  const before = await ownProfile(app, who.caller);
  const now = app.clock.now();
  const changes = {
    ...(body.email === undefined ? {} : { email: body.email }),
    ...(body.introduction === undefined ? {} : { introduction: body.introduction }),
  };
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ ...changes, updated_at: now.toISOString() })
      .where('id', '=', who.caller.userId)
      .execute();
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'lawyer.editProfile',
        entity: 'lawyer',
        entityId: before.id,
        summary: `${before.name}: ${Object.keys(changes).join(', ') || 'no change'}`,
        params: { name: before.name },
      },
    );
  });
  return ownProfile(app, who.caller);
}
