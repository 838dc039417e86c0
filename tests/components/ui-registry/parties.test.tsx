import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Party, PartyCan } from '../../../contract/parties';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { PartiesSection } from '../../../ui-registry/pages/detail/parties/PartiesSection';
import { renderWithRegistry } from './environment';

// Arco's modal and select dropdown fade in (pointer-events: none) while the test clicks.
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const FULL = '13912345678';
const debtor: Party = {
  id: 11,
  role: 'debtor',
  name: '王五',
  idType: 'residentIdCard',
  idNumber: '110105********002X',
  phones: [{ id: 21, number: '139****5678', label: '本人', status: 'valid' }],
  addresses: [{ id: 31, kind: 'residence', text: '北京市西城区某街道 1 号' }],
  employer: '某科技有限公司',
};

function partiesApi(can: Partial<PartyCan>) {
  const sent: Array<Record<string, unknown>> = [];
  server.use(
    http.get('/api/cases/7/parties', () =>
      ok({ list: [debtor], can: { reveal: false, add: false, edit: false, contactsOnly: false, ...can } }),
    ),
    http.post('/api/cases/7/parties/11/reveal', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return ok({ value: FULL });
    }),
  );
  return sent;
}

const show = () =>
  renderWithRegistry(
    <PartiesSection
      section={{ kind: 'parties', title: 'party.section', path: '/cases/:id/parties' }}
      record={{}}
      params={{ id: '7' }}
      onDone={() => {}}
    />,
  );

describe("a case's parties", () => {
  it('shows each party with its numbers masked, and no 查看 to whoever may not reveal', async () => {
    partiesApi({ reveal: false });
    show();
    await screen.findByText('王五');
    expect(screen.getByText('110105********002X')).toBeInTheDocument();
    expect(screen.getByText('139****5678')).toBeInTheDocument();
    expect(screen.getByText('居住地址：北京市西城区某街道 1 号')).toBeInTheDocument();
    expect(screen.getByText('主债务人')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '查看' })).not.toBeInTheDocument();
  });

  it('reveals a phone after a reason, asks a note for 其他, and forgets the value once closed', async () => {
    const sent = partiesApi({ reveal: true });
    show();
    await screen.findByText('139****5678');
    const [, phoneReveal] = screen.getAllByRole('button', { name: '查看' });
    await user.click(phoneReveal as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('联系当事人'));
    await user.click(
      await screen.findByText('其他', { selector: '.arco-select-option, .arco-select-option *' }),
    );
    await user.click(within(dialog).getByRole('button', { name: '查看' }));
    expect(await within(dialog).findByText('原因为“其他”时请填写说明')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByRole('textbox'), '债务人来电要求回拨');
    await user.click(within(dialog).getByRole('button', { name: '查看' }));
    expect(await within(dialog).findByText(FULL)).toBeInTheDocument();
    expect(sent).toEqual([{ field: 'phone', phoneId: 21, reason: 'other', note: '债务人来电要求回拨' }]);

    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByText(FULL)).not.toBeInTheDocument());
    await user.click(screen.getAllByRole('button', { name: '查看' })[0] as HTMLElement);
    const again = await screen.findByRole('dialog');
    expect(within(again).getByText('110105********002X')).toBeInTheDocument();
    expect(within(again).queryByText(FULL)).not.toBeInTheDocument();
  });
});
