import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DetailPage, SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { allocationOrder, allocationOrderAction } from '../../../server/pages/catalog/case-ledger';
import { DescriptorView } from '../../../ui-registry/PageHost';
import { preloadRenderers, renderWithRegistry, testEnvironment } from './environment';
import { caseRecord } from './fixtures';

beforeAll(preloadRenderers, 30_000);

// Arco's modal and select dropdown fade in (pointer-events: none) while the test clicks.
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The ledger's order section and 约定冲抵顺序, as 案件处理 and the full record carry them. */
const page: DetailPage = {
  schemaVersion: SCHEMA_VERSION,
  id: 'processing',
  type: 'detail',
  title: 'menu.processing',
  source: { path: '/cases/:id' },
  sections: [allocationOrder],
  actions: [allocationOrderAction],
};

function caseApi(can: boolean) {
  const sent: unknown[] = [];
  let order = ['fees', 'penalty', 'interest', 'principal'];
  let reason: string | null = null;
  server.use(
    http.get('/api/cases/7', () =>
      ok(
        caseRecord({
          can: { allocationOrder: can },
          ledger: { parts: [], entries: [], allocationOrder: order, allocationOrderReason: reason },
        }),
      ),
    ),
    http.put('/api/cases/7/allocation-order', async ({ request }) => {
      const body = (await request.json()) as { order: string[]; reason: string };
      sent.push(body);
      order = body.order;
      reason = body.reason;
      return ok({ caseId: 7, allocationOrder: order, allocationOrderReason: reason });
    }),
  );
  return sent;
}

describe('another agreed allocation order (约定冲抵顺序)', () => {
  it('takes the four parts in the order picked and a reason, and shows the order agreed', async () => {
    const sent = caseApi(true);
    renderWithRegistry(<DescriptorView descriptor={page} params={{ id: '7' }} />, {
      env: testEnvironment({ role: 'lawyer' }),
    });
    const section = (await screen.findByText('还款冲抵顺序')).closest('.arco-card') as HTMLElement;
    expect(await within(section).findByText('费用、罚息、利息、本金')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: '约定冲抵顺序' }));
    const dialog = await screen.findByRole('dialog');
    // The order in force stands above the form.
    expect(within(dialog).getByText('费用、罚息、利息、本金')).toBeInTheDocument();
    const select = within(dialog).getByText('冲抵顺序').closest('.arco-form-item') as HTMLElement;
    const pick = async (part: string) => {
      const view = await waitFor(() => {
        const found = select.querySelector('.arco-select-view');
        if (!found) throw new Error('no select yet');
        return found as HTMLElement;
      });
      await user.click(view);
      await user.click(
        await screen.findByText(part, { selector: '.arco-select-option, .arco-select-option *' }),
      );
    };
    for (const part of ['本金', '利息', '罚息']) await pick(part);
    await user.type(within(dialog).getByRole('textbox', { name: '约定原因' }), '借款合同第八条约定先还本金');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    // Three of four: asked for all of them before anything is sent.
    expect(await within(dialog).findByText('请选择至少 4 项')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await pick('费用');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { order: ['principal', 'interest', 'penalty', 'fees'], reason: '借款合同第八条约定先还本金' },
      ]),
    );
    expect(await within(section).findByText('本金、利息、罚息、费用')).toBeInTheDocument();
    expect(within(section).getByText('借款合同第八条约定先还本金')).toBeInTheDocument();
  });

  it('is not offered where the record says the reader may not (a closed case, someone else’s)', async () => {
    caseApi(false);
    renderWithRegistry(<DescriptorView descriptor={page} params={{ id: '7' }} />, {
      env: testEnvironment({ role: 'lawyer' }),
    });
    await screen.findByText('费用、罚息、利息、本金');
    expect(screen.queryByRole('button', { name: '约定冲抵顺序' })).not.toBeInTheDocument();
  });
});
