import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { CODES } from '../../../contract/codes';
import { MESSAGES } from '../../../contract/messages';
import { fail } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import CaseNew from '../../../src/pages/cases/new';
import { renderPage, signIn, withHttpLayer } from './harness';

withHttpLayer();

beforeEach(async () => {
  await signIn({ id: 2, role: 'caseOperation' });
});

const zh = MESSAGES['zh-CN'];
const actor = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** Records what the form sends to POST /api/cases and answers as the server would for a taken number. */
function createHandler() {
  const bodies: unknown[] = [];
  const handler = http.post('/api/cases', async ({ request }) => {
    bodies.push(await request.json());
    return fail(409, CODES.conflict, zh['intake.caseNoTaken'], [
      { path: 'caseNo', message: zh['intake.caseNoTaken'] },
    ]);
  });
  return { handler, bodies };
}

/** The control a form label names (Arco's select and cascader are not labellable elements). */
function control(label: string): HTMLElement {
  const el = screen.getByText(label, { selector: 'label' }) as HTMLLabelElement;
  const target = document.getElementById(el.htmlFor);
  if (!target) throw new Error(`no control for ${label}`);
  return target;
}

const messages = () => [...document.querySelectorAll('.arco-form-message')].map((e) => e.textContent);

describe('the new case form', () => {
  it('judges the fields with the intake rules and sends nothing while one is wrong', async () => {
    const create = createHandler();
    server.use(create.handler);
    renderPage('/list/case-new', <CaseNew />);
    const user = actor();
    await user.type(screen.getByLabelText('案件编号'), 'ms1');
    await user.click(screen.getByRole('button', { name: '提交审核' }));
    await waitFor(() => expect(messages()).toContain(zh['rule.caseNo']));
    expect(messages()).toContain(zh['intake.required']);
    expect(create.bodies).toHaveLength(0);
  });

  it('sends the case with the amount in fen and shows a taken case number next to its field', async () => {
    const create = createHandler();
    server.use(create.handler);
    renderPage('/list/case-new', <CaseNew />);
    const user = actor();
    await user.type(screen.getByLabelText('案件编号'), 'MS20269999');
    await user.type(screen.getByLabelText('案件名称'), '王五借款合同纠纷');
    await user.type(screen.getByLabelText('债务人'), '王五');
    await user.type(screen.getByLabelText('委托方'), '某银行');
    await user.type(screen.getByLabelText('本金（元）'), '12000');
    await user.type(screen.getByLabelText('利息（元）'), '345.67');

    await user.click(control('案件类型'));
    await user.click(await screen.findByText('商事'));

    await user.click(control('所在地区'));
    await user.type(document.querySelector('.arco-cascader input') as HTMLInputElement, '南山区');
    await user.click(
      await screen.findByText(
        (_, el) => el?.textContent === '广东省 / 深圳市 / 南山区' && el.tagName === 'LI',
      ),
    );

    // The calendar opens on the current month: the 15th of whatever month it shows.
    await user.click(document.querySelector('.arco-picker input') as HTMLInputElement);
    const day = await waitFor(() => {
      const cell = [...document.querySelectorAll('.arco-picker-cell-in-view')].find(
        (c) => c.textContent === '15',
      );
      if (!cell) throw new Error('no calendar');
      return cell as HTMLElement;
    });
    await user.click(day);

    await user.click(screen.getByRole('button', { name: '提交审核' }));
    await waitFor(() => expect(create.bodies).toHaveLength(1));
    expect(create.bodies[0]).toMatchObject({
      caseNo: 'MS20269999',
      title: '王五借款合同纠纷',
      type: 'commercial',
      debtorName: '王五',
      clientName: '某银行',
      regionCode: '440305',
      // The amount is the parts' sum, never typed.
      amountFen: 1234567,
      principalFen: 1200000,
      interestFen: 34567,
      penaltyFen: 0,
      feesFen: 0,
      entrustExpiresOn: expect.stringMatching(/^\d{4}-\d{2}-15$/),
      court: null,
    });
    await waitFor(() => expect(messages()).toContain(zh['intake.caseNoTaken']));
  });
});
