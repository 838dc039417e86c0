import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { DescriptorView } from '../../../ui-registry/PageHost';
import { preloadRenderers, renderWithRegistry } from './environment';
import { caseRecord } from './fixtures';

beforeAll(preloadRenderers, 30_000);

const LOCK = { field: 'can.editClaim', in: [true], note: 'ledger.claimLockedNote' };
const NOTE = '案件已审核通过，标的金额及其构成（本金、利息、罚息、费用）不可再修改';

/** The case edit form's claim, as server/pages/catalog/case-ledger.ts writes it, beside a free field. */
const edit = {
  schemaVersion: SCHEMA_VERSION,
  id: 'case-edit',
  type: 'form',
  title: 'fixture.caseEdit',
  source: { path: '/cases/:id' },
  columns: 2,
  fields: [
    { name: 'title', label: 'case.title', input: { kind: 'input', maxLength: 100 }, required: true },
    ...(['principal', 'interest', 'penalty', 'fees'] as const).map((part) => ({
      name: `${part}Fen`,
      label: `enum.ledgerPart.${part}`,
      input: { kind: 'number', money: true, min: 0, precision: 2 },
      required: true,
      span: 6,
      editableWhen: LOCK,
    })),
  ],
  submit: { method: 'PUT', path: '/cases/:id', afterSuccess: 'stay' },
};

function caseApi(editClaim: boolean) {
  const puts: unknown[] = [];
  const record = caseRecord({
    version: 3,
    principalFen: 1_000_000,
    interestFen: 200_000,
    penaltyFen: 0,
    feesFen: 34_567,
    can: { editClaim },
  });
  server.use(
    http.get('/api/cases/7', () => ok(record)),
    http.put('/api/cases/7', async ({ request }) => {
      puts.push(await request.json());
      return ok(record);
    }),
  );
  return puts;
}

const part = (label: string) => screen.getByLabelText(label);

describe('a form field its record locks', () => {
  it('shows the claim disabled with one note once review approved the case, and sends the rest', async () => {
    const puts = caseApi(false);
    renderWithRegistry(<DescriptorView descriptor={edit} params={{ id: '7' }} />);
    await screen.findByDisplayValue('借款纠纷 7');
    for (const label of ['本金', '利息', '罚息', '费用']) expect(part(label)).toBeDisabled();
    expect(part('本金')).toHaveValue('10000.00');
    expect(screen.getAllByTestId('field-locked-note').map((n) => n.textContent)).toEqual([NOTE]);

    await userEvent.type(screen.getByLabelText('案件名称'), '（补正）');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ title: '借款纠纷 7（补正）', version: 3 });
  });

  it('offers the claim while the case awaits review, and sends it', async () => {
    const puts = caseApi(true);
    renderWithRegistry(<DescriptorView descriptor={edit} params={{ id: '7' }} />);
    await screen.findByDisplayValue('借款纠纷 7');
    expect(part('本金')).toBeEnabled();
    expect(screen.queryByTestId('field-locked-note')).not.toBeInTheDocument();
    await userEvent.clear(part('费用'));
    await userEvent.type(part('费用'), '400');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      principalFen: 1_000_000,
      interestFen: 200_000,
      penaltyFen: 0,
      feesFen: 40_000,
      version: 3,
    });
  });
});
