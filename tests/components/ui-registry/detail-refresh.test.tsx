import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import type { RegistryEnvironment } from '../../../ui-registry/environment';
import { DescriptorView } from '../../../ui-registry/PageHost';
import { preloadRenderers, renderWithRegistry, testEnvironment } from './environment';
import { caseRecord } from './fixtures';

beforeAll(preloadRenderers, 30_000);

// Arco's modal fades in (pointer-events: none) while the test clicks.
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const FULL = '13912345678';

/** A case record with its parties section, as 案件处理 has it. */
const page = {
  schemaVersion: SCHEMA_VERSION,
  id: 'case-with-parties',
  type: 'detail',
  title: 'fixture.caseDetail',
  source: { path: '/cases/:id' },
  subtitleField: 'caseNo',
  sections: [
    { kind: 'descriptions', title: 'fixture.basic', items: [{ field: 'title', title: 'case.title' }] },
    { kind: 'parties', title: 'party.section', path: '/cases/:id/parties' },
  ],
  actions: [],
} as const;

/**
 * The app's environment in small (src/app/registry-env.ts): every call that is not a GET
 * announces a change, and every list and record on screen reads itself again.
 */
function announcingEnvironment() {
  const base = testEnvironment();
  const listeners = new Set<() => void>();
  const env: RegistryEnvironment = {
    ...base,
    request: async (method, path, options) => {
      const data = await base.request(method, path, options);
      if (method !== 'GET') for (const listener of listeners) listener();
      return data as never;
    },
    onDataChanged: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    env,
    announce: () => {
      for (const listener of listeners) listener();
    },
  };
}

function caseApi() {
  const reads: number[] = [];
  server.use(
    http.get('/api/cases/7', () => {
      reads.push(reads.length);
      return ok(caseRecord());
    }),
    http.get('/api/cases/7/parties', () =>
      ok({
        list: [
          {
            id: 11,
            role: 'debtor',
            name: '王五',
            idType: 'residentIdCard',
            idNumber: '110105********002X',
            phones: [{ id: 21, number: '139****5678', label: '本人', status: 'valid' }],
            addresses: [],
            employer: null,
          },
        ],
        can: { reveal: true, add: false, edit: false, contactsOnly: false },
      }),
    ),
    http.post('/api/cases/7/parties/11/reveal', () => ok({ value: FULL })),
  );
  return reads;
}

async function openPhoneReveal() {
  await screen.findByText('139****5678');
  const [, phoneReveal] = screen.getAllByRole('button', { name: '查看' });
  await user.click(phoneReveal as HTMLElement);
  return screen.findByRole('dialog');
}

describe('a detail page reading its record again', () => {
  it('keeps an open dialog of a section, with what was typed, while the record is read again', async () => {
    const reads = caseApi();
    const { env, announce } = announcingEnvironment();
    renderWithRegistry(<DescriptorView descriptor={page} params={{ id: '7' }} />, { env });
    const dialog = await openPhoneReveal();
    await user.type(within(dialog).getByRole('textbox'), '债务人来电要求回拨');

    // Someone's change elsewhere: the record is read again under the open dialog.
    announce();
    await waitFor(() => expect(reads).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('detail-refreshing')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByRole('textbox')).toHaveValue('债务人来电要求回拨');
  });

  it('keeps the revealed value on screen though the reveal, like every change, reads the record again', async () => {
    const reads = caseApi();
    const { env } = announcingEnvironment();
    renderWithRegistry(<DescriptorView descriptor={page} params={{ id: '7' }} />, { env });
    const dialog = await openPhoneReveal();
    await user.click(within(dialog).getByRole('button', { name: '查看' }));
    expect(await within(dialog).findByTestId('revealed-value')).toHaveTextContent(FULL);
    await waitFor(() => expect(reads).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('detail-refreshing')).not.toBeInTheDocument());
    expect(within(screen.getByRole('dialog')).getByTestId('revealed-value')).toHaveTextContent(FULL);
  });
});
