import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageKey } from '../../contract/messages';
import {
  caseAudit,
  expectRefusal,
  freshCase,
  type Role,
  stored,
  transition,
  useCaseServer,
} from './case-fixtures';
import { startServer, type TestServer } from './harness';

/** Transitions the machine, the caller's role or scope refuses: nothing changes. */
let server: TestServer;
let demoLawyerId: number;
beforeAll(async () => {
  server = await startServer();
  ({ demoLawyerId } = await useCaseServer(server));
});
afterAll(() => server.close());

describe('POST /api/cases/:id/transitions: refusals answer 409 with the reason and change nothing', () => {
  it.each<
    [
      string,
      Role,
      { status: string; lawyer?: 'none' | 'demo' | 'other'; firm?: 'none' | 'demo' | 'other' },
      Record<string, unknown>,
      MessageKey,
    ]
  >([
    [
      'an event the status does not take',
      'caseOperation',
      { status: 'processing' },
      { event: 'RESUME' },
      'case.transition.inState.processing',
    ],
    [
      'a take by operations',
      'caseOperation',
      { status: 'pending', firm: 'none' },
      { event: 'TAKE' },
      'case.transition.notPermitted',
    ],
    [
      'a take by a contact person',
      'lawfirmContactPerson',
      { status: 'pending', firm: 'demo' },
      { event: 'TAKE' },
      'case.transition.notPermitted',
    ],
    [
      'an assignment by a lawyer',
      'lawyer',
      { status: 'pending', firm: 'none' },
      { event: 'ASSIGN', lawyerId: 1 },
      'case.transition.notPermitted',
    ],
    [
      'an assignment by business operations',
      'bussinessOperation',
      { status: 'pending' },
      { event: 'ASSIGN', lawFirmId: 1 },
      'case.transition.notPermitted',
    ],
    [
      'an assignment to nobody',
      'caseOperation',
      { status: 'pending' },
      { event: 'ASSIGN' },
      'case.transition.lawyerRequired',
    ],
    [
      'a suspension by a role that does not work cases',
      'bussinessOperation',
      { status: 'processing' },
      { event: 'SUSPEND', reason: '无' },
      'case.transition.notPermitted',
    ],
    [
      'a contact person closing',
      'lawfirmContactPerson',
      { status: 'processing', firm: 'demo' },
      { event: 'CLOSE', result: 'repaid' },
      'case.transition.notPermitted',
    ],
    [
      'a contact person pushing to a firm instead of naming a lawyer',
      'lawfirmContactPerson',
      { status: 'pending', firm: 'demo' },
      { event: 'ASSIGN', lawFirmId: 1 },
      'case.transition.lawyerRequired',
    ],
    [
      'a suspension without a reason',
      'caseOperation',
      { status: 'processing' },
      { event: 'SUSPEND', reason: '   ' },
      'case.transition.reasonRequired',
    ],
    [
      'a close without a result',
      'lawyer',
      { status: 'processing', lawyer: 'demo' },
      { event: 'CLOSE' },
      'case.transition.invalidResult',
    ],
    [
      'a close with an unknown result',
      'caseOperation',
      { status: 'suspended' },
      { event: 'CLOSE', result: 'settled' },
      'case.transition.invalidResult',
    ],
    [
      'a reopening by operations',
      'caseOperation',
      { status: 'closed' },
      { event: 'REOPEN' },
      'case.transition.notPermitted',
    ],
  ])('refuses %s', async (_, role, where, body, reason) => {
    const before = await freshCase(where);
    expectRefusal(await transition(role, before.id, { ...body, version: before.version }), reason);
    expect(await stored(before.id)).toEqual(before);
    const audit = await caseAudit(before.id);
    expect(audit).toEqual([]);
  });

  it('refuses a take of a case that already has a lawyer (alreadyTaken)', async () => {
    // The machine never leaves a pending case with a lawyer; data written around it can.
    const before = await freshCase({ status: 'pending', firm: 'none' });
    await server.app.db
      .updateTable('cases')
      .set({ lawyer_id: demoLawyerId })
      .where('id', '=', before.id)
      .execute();
    expectRefusal(
      await transition('lawyer', before.id, { event: 'TAKE', version: before.version }),
      'case.transition.alreadyTaken',
    );
  });

  it('answers a stale version 409 before asking the machine', async () => {
    const before = await freshCase({ status: 'processing' });
    expectRefusal(
      await transition('caseOperation', before.id, {
        event: 'SUSPEND',
        reason: '排期',
        version: before.version + 1,
      }),
      'case.staleVersion',
    );
    expect(await stored(before.id)).toEqual(before);
  });

  it("answers 404 for a case outside the caller's scope: pushed to another firm, another lawyer's", async () => {
    for (const where of [
      { status: 'pending', firm: 'other' },
      { status: 'processing', lawyer: 'other', firm: 'other' },
    ] as const) {
      const before = await freshCase(where);
      const res = await transition('lawyer', before.id, { event: 'TAKE', version: before.version });
      expect(res.status).toBe(404);
      expect(await stored(before.id)).toEqual(before);
    }
  });

  it('answers an unknown event 400', async () => {
    const before = await freshCase({ status: 'pending' });
    const res = await transition('caseOperation', before.id, { event: 'ARCHIVE', version: before.version });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0].path).toBe('event');
  });
});
