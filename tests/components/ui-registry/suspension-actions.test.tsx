import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { accountVerification } from '../../../server/pages/catalog/firm-reviews';
import { DescriptorView } from '../../../ui-registry/PageHost';
import { preloadRenderers, renderWithRegistry } from './environment';

/**
 * 律所审核 names what each row's action does: 暂停 on a firm that passed (a reason asked, then
 * `suspended: true` with the version the row showed), 恢复 on a suspended one; never one
 * "暂停/恢复" whose dialog asks which.
 */

beforeAll(preloadRenderers, 30_000);
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const firm = (id: number, name: string, standing: string) => ({
  id,
  name,
  regionCode: '440300',
  contactName: '王思敏',
  contactPhone: '138****0004',
  lawyerCount: 3,
  auditingLawyerCount: 0,
  caseCount: 12,
  reviewStatus: 'passed',
  standing,
  suspendReason: standing === 'suspended' ? '材料核查中' : null,
  version: 4,
  createdAt: '2026-03-08T02:00:00Z',
});

describe('suspension row actions', () => {
  it('offers 暂停 on a firm that passed and 恢复 on a suspended one, and sends the fixed choice', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/lawfirms', () =>
        ok({ list: [firm(1, '明理律师事务所', 'passed'), firm(2, '公正律师事务所', 'suspended')], total: 2 }),
      ),
      http.put('/api/lawfirms/1/suspension', async ({ request }) => {
        sent.push(await request.json());
        return ok({ id: 1 });
      }),
    );
    renderWithRegistry(<DescriptorView descriptor={accountVerification} params={{}} />);
    const passed = (await screen.findByText('明理律师事务所')).closest('tr') as HTMLElement;
    const suspended = screen.getByText('公正律师事务所').closest('tr') as HTMLElement;
    expect(within(suspended).getByText('材料核查中')).toBeInTheDocument();
    await waitFor(() => expect(within(passed).getByRole('button', { name: '暂停' })).toBeInTheDocument());
    expect(within(passed).queryByRole('button', { name: '恢复' })).toBeNull();
    expect(within(suspended).getByRole('button', { name: '恢复' })).toBeInTheDocument();
    expect(within(suspended).queryByRole('button', { name: '暂停' })).toBeNull();

    await user.click(within(passed).getByRole('button', { name: '暂停' }));
    // The confirmation first, then the reason.
    await user.click(await screen.findByRole('button', { name: '确定' }));
    const dialog = await screen.findByRole('dialog', { name: '暂停' });
    await user.type(within(dialog).getByLabelText('暂停原因'), '执业许可待核实');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(sent).toEqual([{ suspended: true, reason: '执业许可待核实', version: 4 }]));
  });
});
