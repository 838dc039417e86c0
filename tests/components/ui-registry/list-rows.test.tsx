import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldSchema } from '../../../contract/pages/descriptor';
import type { Party } from '../../../contract/parties';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { FieldInput } from '../../../ui-registry/fields/FieldInput';
import { ListRows } from '../../../ui-registry/inputs/list-rows';
import { PartyFormModal } from '../../../ui-registry/pages/detail/parties/PartyFormModal';
import { preloadRenderers, renderWithRegistry } from './environment';

/**
 * The one editor of a list of rows (ui-registry/inputs/list-rows.tsx), on its own and in its two
 * users: a plan's instalments and a party's phones and addresses.
 */

beforeAll(preloadRenderers, 30_000);

// Arco's modal and select dropdown fade in (pointer-events: none) while the test clicks.
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

type Row = { name: string };

/** The editor over a list the test holds, each row a text box; the list is shown as JSON. */
function Names({ initial, minRows, maxRows, disabled }: { initial: Row[] } & Record<string, unknown>) {
  const [rows, setRows] = useState(initial);
  return (
    <>
      <ListRows
        rows={rows}
        rowKey={(_, index) => index}
        columns={[
          {
            span: 20,
            cell: (row, index) => (
              <input
                aria-label={`name ${index + 1}`}
                value={row.name}
                onChange={(e) => setRows(rows.map((r, i) => (i === index ? { name: e.target.value } : r)))}
              />
            ),
          },
        ]}
        onAdd={() => setRows([...rows, { name: '' }])}
        onRemove={(index) => setRows(rows.filter((_, i) => i !== index))}
        addLabel="添加"
        removeLabel="删除"
        minRows={minRows as number | undefined}
        maxRows={maxRows as number | undefined}
        disabled={disabled as boolean | undefined}
        footer={<span>共 {rows.length} 行</span>}
      />
      <output data-testid="rows">{JSON.stringify(rows)}</output>
    </>
  );
}

const rowsNow = () => JSON.parse(screen.getByTestId('rows').textContent as string) as Row[];
const removeButtons = () => screen.getAllByRole('button', { name: '删除' });

describe('the list-rows editor', () => {
  it('draws each row with its cells and a 删除, and adds a row at the end', async () => {
    renderWithRegistry(<Names initial={[{ name: '甲' }, { name: '乙' }]} />);
    expect(screen.getByLabelText('name 1')).toHaveValue('甲');
    expect(screen.getByLabelText('name 2')).toHaveValue('乙');
    expect(removeButtons()).toHaveLength(2);
    expect(screen.getByText('共 2 行')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '添加' }));
    expect(rowsNow()).toEqual([{ name: '甲' }, { name: '乙' }, { name: '' }]);
    expect(screen.getByLabelText('name 3')).toHaveValue('');
  });

  it('removes the row whose 删除 was pressed, and no other', async () => {
    renderWithRegistry(<Names initial={[{ name: '甲' }, { name: '乙' }, { name: '丙' }]} />);
    await user.click(removeButtons()[1]);
    expect(rowsNow()).toEqual([{ name: '甲' }, { name: '丙' }]);
    expect(screen.getByLabelText('name 2')).toHaveValue('丙');
  });

  it('keeps its fewest rows and adds none past its most', async () => {
    renderWithRegistry(<Names initial={[{ name: '甲' }]} minRows={1} maxRows={2} />);
    expect(removeButtons()[0]).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '添加' }));
    expect(rowsNow()).toHaveLength(2);
    expect(screen.getByRole('button', { name: '添加' })).toBeDisabled();
    for (const button of removeButtons()) expect(button).toBeEnabled();
    await user.click(removeButtons()[0]);
    expect(rowsNow()).toEqual([{ name: '' }]);
    expect(removeButtons()[0]).toBeDisabled();
  });

  it('changes nothing while disabled', async () => {
    renderWithRegistry(<Names initial={[{ name: '甲' }, { name: '乙' }]} disabled />);
    expect(screen.getByRole('button', { name: '添加' })).toBeDisabled();
    for (const button of removeButtons()) expect(button).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '添加' }));
    expect(rowsNow()).toHaveLength(2);
  });
});

/** The instalments input as a form holds it; the value it reports is shown as JSON. */
function Instalments({ initial, max }: { initial?: unknown; max?: number }) {
  const field = fieldSchema.parse({
    name: 'instalments',
    label: 'plan.instalments',
    input: { kind: 'instalments', max },
  });
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <FieldInput field={field} value={value} onChange={setValue} id="plan" params={{ id: '7' }} />
      <output data-testid="value">{JSON.stringify(value ?? null)}</output>
    </>
  );
}

const valueNow = () => JSON.parse(screen.getByTestId('value').textContent as string);

describe('its users', () => {
  it('a plan: one instalment to start with, which stays; added ones are totalled and may be removed', async () => {
    renderWithRegistry(<Instalments max={3} />);
    const first = await screen.findByLabelText('第 1 期金额');
    expect(screen.getByRole('button', { name: '删除' })).toBeDisabled();
    await user.type(first, '4000');
    await waitFor(() => expect(valueNow()).toEqual([{ amountFen: 400_000 }]));
    await user.click(screen.getByRole('button', { name: '添加一期' }));
    await user.type(await screen.findByLabelText('第 2 期金额'), '6000');
    await waitFor(() => expect(valueNow()).toEqual([{ amountFen: 400_000 }, { amountFen: 600_000 }]));
    expect(screen.getByText(/合计 ¥10,000\.00/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '添加一期' }));
    expect(screen.getByRole('button', { name: '添加一期' })).toBeDisabled();
    await user.click(screen.getAllByRole('button', { name: '删除' })[0]);
    expect(valueNow()).toEqual([{ amountFen: 600_000 }, {}]);
    expect(screen.getByText(/合计 ¥6,000\.00/)).toBeInTheDocument();
  });

  it('a party: adds a phone and an address, removes the old phone, and sends what is left', async () => {
    const party: Party = {
      id: 11,
      role: 'coDebtor',
      name: '李四',
      idType: 'residentIdCard',
      idNumber: '110105********002X',
      phones: [{ id: 21, number: '139****5678', label: '本人', status: 'valid' }],
      addresses: [],
      employer: null,
    };
    const sent: unknown[] = [];
    server.use(
      http.put('/api/cases/7/parties/11', async ({ request }) => {
        sent.push(await request.json());
        return ok({ ...party });
      }),
    );
    renderWithRegistry(
      <PartyFormModal
        target={{ method: 'PUT', path: '/cases/7/parties/11', party, contactsOnly: true }}
        onClose={() => {}}
        onSaved={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByPlaceholderText('139****5678');
    await user.click(within(dialog).getByRole('button', { name: '添加电话' }));
    const numbers = await within(dialog).findAllByPlaceholderText('电话号码');
    await user.type(numbers[0], '13700001111');
    await user.click(within(dialog).getAllByRole('button', { name: '删除' })[0]);
    await waitFor(() => expect(within(dialog).queryByPlaceholderText('139****5678')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: '添加地址' }));
    // The new row's 地址 is the dialog's last text box (its 地址类型 is a select).
    await user.type(within(dialog).getAllByRole('textbox').at(-1) as HTMLElement, '上海市浦东新区某路 2 号');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      phones: [{ number: '13700001111', status: 'unknown' }],
      addresses: [{ kind: 'residence', text: '上海市浦东新区某路 2 号' }],
      employer: null,
    });
  });
});
