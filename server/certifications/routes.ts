import { type Kysely, sql } from 'kysely';
import {
  type CertificationState,
  certificationFileSchema,
  certificationOverviewSchema,
  certificationPageSchema,
  certificationQueueQuerySchema,
  certificationRecordSchema,
  certificationReviewRowSchema,
  type SubmitCertificationRequest,
  submitCertificationRequestSchema,
} from '../../contract/certifications';
import { pagedSchema, pageQuerySchema } from '../../contract/paging';
import { versionedReviewDecisionSchema } from '../../contract/reviews';
import { idParamsSchema } from '../../contract/users';
import { recordAudit } from '../audit/audit';
import type { Database } from '../db/schema';
import { serializeOn } from '../db/serialize';
import { fail } from '../http/errors';
import { type Caller, defineRoute } from '../http/route';
import { downloadLicenceFile, takeLicenceFile, uploadLicenceFile } from './files';
import { maskIdNumber, toCertificationRecord } from './records';
import { listCertifications, reviewCertification, settledState } from './review';

function recordsOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('certifications').where('user_id', '=', userId);
}

/**
 * The enterprise an application names: the one typed in, or for a lawyer's personal
 * certification the firm they practise at (only a lawyer may apply for one: 400 at certType).
 */
async function whatIsCertified(db: Kysely<Database>, caller: Caller, body: SubmitCertificationRequest) {
  if (body.certType === 'enterprise') {
    return {
      enterprise_name: body.enterpriseName,
      enterprise_cert_type: body.enterpriseCertType,
      credit_code: body.creditCode,
    };
  }
  const firm = caller.lawyer
    ? await db
        .selectFrom('law_firms')
        .select(['name', 'credit_code'])
        .where('id', '=', caller.lawyer.lawFirmId ?? 0)
        .executeTakeFirst()
    : undefined;
  if (!firm) throw fail.field('certType', 'certification.personalLawyerOnly');
  return {
    enterprise_name: firm.name,
    enterprise_cert_type: 'unifiedSocialCreditCode',
    credit_code: firm.credit_code,
  };
}

/**
 * Enterprise certification of the caller's own account. Every signed-in role may certify;
 * records are only ever the caller's own, so another user's record id answers 404.
 */
export const certificationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/certification',
    summary: "The caller's certification state, certified enterprise and pending application",
    tags: ['certifications'],
    access: 'signedIn',
    response: certificationOverviewSchema,
    handler: async ({ app, caller }) => {
      const [user, current, pending, latest] = await Promise.all([
        app.db
          .selectFrom('users')
          .select('certification')
          .where('id', '=', caller.userId)
          .executeTakeFirstOrThrow(),
        recordsOf(app.db, caller.userId)
          .selectAll()
          .where('status', '=', 'passed')
          .orderBy('reviewed_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst(),
        recordsOf(app.db, caller.userId).selectAll().where('status', '=', 'auditing').executeTakeFirst(),
        recordsOf(app.db, caller.userId)
          .selectAll()
          .where('status', 'in', ['passed', 'rejected'])
          .orderBy('reviewed_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst(),
      ]);
      return {
        state: user.certification as CertificationState,
        current: current ? toCertificationRecord(current) : null,
        pending: pending ? toCertificationRecord(pending) : null,
        latest: latest ? toCertificationRecord(latest) : null,
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/user/certifications',
    summary: "The caller's certification applications, newest first",
    tags: ['certifications'],
    access: 'signedIn',
    query: pageQuerySchema,
    response: certificationPageSchema,
    handler: async ({ app, caller, query }) => {
      const [rows, total] = await Promise.all([
        recordsOf(app.db, caller.userId)
          .selectAll()
          .orderBy('submitted_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        recordsOf(app.db, caller.userId)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map(toCertificationRecord), total: Number(total.n) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/user/certifications',
    summary:
      'Apply for enterprise certification, or (a lawyer) personal certification with the licence number and its uploaded image; the application waits for review',
    tags: ['certifications'],
    access: 'signedIn',
    body: submitCertificationRequestSchema,
    response: certificationRecordSchema,
    handler: async ({ app, caller, body, requestId }) => {
      const now = app.clock.now();
      const id = await app.db.transaction().execute(async (trx) => {
        // One application under review per account: applications sent at once take turns, or
        // on PostgreSQL each would find none pending and all would be stored.
        await serializeOn(trx, `certification:${caller.userId}`);
        const pending = await recordsOf(trx, caller.userId)
          .select('id')
          .where('status', '=', 'auditing')
          .executeTakeFirst();
        if (pending) throw fail.conflict('certification.alreadyAuditing');
        const certified = await whatIsCertified(trx, caller, body);
        const licence =
          body.licenceFileId === undefined
            ? null
            : await takeLicenceFile(trx, caller.userId, body.licenceFileId);
        const row = await trx
          .insertInto('certifications')
          .values({
            user_id: caller.userId,
            cert_type: body.certType,
            ...certified,
            legal_person_name: body.legalPersonName,
            legal_person_id_type: body.legalPersonIdType,
            legal_person_id_number: maskIdNumber(body.legalPersonIdType, body.legalPersonIdNumber),
            contact_phone: body.contactPhone,
            licence_no: body.certType === 'personal' ? body.licenceNo : null,
            licence_file_key: licence?.key ?? null,
            licence_file_name: licence?.name ?? null,
            status: 'auditing',
            submitted_at: now.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // A certified account stays certified while it applies again (a changed enterprise).
        await trx
          .updateTable('users')
          .set({ certification: 'auditing', updated_at: now.toISOString() })
          .where('id', '=', caller.userId)
          .where('certification', 'in', ['none', 'personal'])
          .execute();
        await recordAudit(
          trx,
          { caller, requestId, at: now },
          {
            action: 'certification.submit',
            entity: 'certification',
            entityId: row.id,
            summary: `applied for ${body.certType} certification: ${certified.enterprise_name} (${body.certType === 'personal' ? body.licenceNo : certified.credit_code})`,
            params: { enterprise: certified.enterprise_name, creditCode: certified.credit_code },
          },
        );
        return row.id;
      });
      const row = await app.db
        .selectFrom('certifications')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return toCertificationRecord(row);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/user/certifications/:id/withdraw',
    summary: 'Withdraw an own application that is still under review',
    tags: ['certifications'],
    access: 'signedIn',
    params: idParamsSchema,
    response: certificationRecordSchema,
    handler: async ({ app, caller, params, requestId }) => {
      const now = app.clock.now();
      await app.db.transaction().execute(async (trx) => {
        const record = await recordsOf(trx, caller.userId)
          .select(['id', 'status'])
          .where('id', '=', params.id)
          .executeTakeFirst();
        if (!record) throw fail.notFound('certification.notFound');
        if (record.status !== 'auditing') throw fail.conflict('certification.notAuditing');
        // Only while still under review: a reviewer's decision (or another withdrawal) that
        // commits between the read above and this write wins, and this one is refused.
        const withdrawn = await trx
          .updateTable('certifications')
          .set({ status: 'withdrawn', version: sql`version + 1` })
          .where('id', '=', record.id)
          .where('status', '=', 'auditing')
          .executeTakeFirst();
        if (Number(withdrawn.numUpdatedRows) !== 1) throw fail.conflict('certification.notAuditing');
        await trx
          .updateTable('users')
          .set({ certification: await settledState(trx, caller.userId), updated_at: now.toISOString() })
          .where('id', '=', caller.userId)
          .where('certification', '=', 'auditing')
          .execute();
        await recordAudit(
          trx,
          { caller, requestId, at: now },
          {
            action: 'certification.withdraw',
            entity: 'certification',
            entityId: record.id,
            summary: 'withdrew enterprise certification application',
          },
        );
      });
      const row = await app.db
        .selectFrom('certifications')
        .selectAll()
        .where('id', '=', params.id)
        .executeTakeFirstOrThrow();
      return toCertificationRecord(row);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/certifications',
    summary:
      "Every user's certification applications for review, newest first (status filter; phones masked)",
    tags: ['certifications'],
    access: 'certifications.review',
    query: certificationQueueQuerySchema,
    response: pagedSchema(certificationReviewRowSchema),
    handler: ({ app, caller, query }) => listCertifications(app.db, caller, query),
  }),

  defineRoute({
    method: 'PUT',
    url: '/certifications/:id/review',
    summary:
      'Pass an application under review, or reject it with a reason, on the version read; the applicant is told (409 when it changed or is not under review)',
    tags: ['certifications'],
    access: 'certifications.review',
    params: idParamsSchema,
    body: versionedReviewDecisionSchema,
    response: certificationReviewRowSchema,
    handler: ({ app, caller, params, body, requestId }) =>
      reviewCertification(app, { caller, requestId }, params.id, body),
  }),

  defineRoute({
    method: 'POST',
    url: '/user/certification-files',
    summary:
      'Upload the licence image for a certification application (multipart/form-data, field `file`; jpg, jpeg, png or pdf; at most UPLOAD_MAX_MB); the application names the answered id',
    tags: ['certifications'],
    access: 'signedIn',
    response: certificationFileSchema,
    handler: ({ app, caller, request }) => uploadLicenceFile(app, caller, request),
  }),

  defineRoute({
    method: 'GET',
    url: '/certifications/:id/licence-file',
    summary: "An application's licence image, for its applicant and the reviewers (404 for anyone else)",
    tags: ['certifications'],
    access: 'signedIn',
    params: idParamsSchema,
    raw: true,
    handler: ({ app, caller, params, reply }) => downloadLicenceFile(app, caller, params.id, reply),
  }),
];
