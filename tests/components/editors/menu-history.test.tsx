import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { CODES } from '../../../contract/codes';
import type { MenuNode } from '../../../contract/menu';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../../contract/routes';
import { fail } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import MenuEditor from '../../../src/pages/user/menu-editor';
import { renderPage, signIn, withHttpLayer } from '../builtin-pages/harness';
import { editingApi } from './editing-handlers';
import { menusApi } from './handlers';

withHttpLayer();

/** The menu editor's history: every published version, a diff against the current one, and restore. */

let api: ReturnType<typeof menusApi>;
const lawyerMenu = () => filterMenuForRole(DEFAULT_ROUTES, 'lawyer');
const hidden = (tree: MenuNode[]) => tree.map((n, i) => (i === 0 ? { ...n, hideInMenu: true } : n));

beforeEach(async () => {
  await signIn({ role: 'superAdmin' });
  api = menusApi();
  server.use(...api.handlers, ...editingApi().handlers);
  api.publishAs('lawyer', lawyerMenu(), '李四');
  api.publishAs('lawyer', hidden(lawyerMenu()), '王五');
});

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

async function openHistory() {
  renderPage('/user/menu-editor', <MenuEditor />);
  return screen.findByTestId('version-history', {}, { timeout: 30_000 });
}
/** The Popconfirm a question stands in. */
const confirmation = (question: HTMLElement) => question.closest('.arco-popconfirm') as HTMLElement;
const rowOf = (table: HTMLElement, version: number) =>
  within(table).getByText(`v${version}`).closest('tr') as HTMLElement;

describe("the menu editor's history", () => {
  it('lists the published versions newest first, with who published each and when', async () => {
    const table = await openHistory();
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => tr.textContent ?? '');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^v2当前王五2026-03-02/);
    expect(rows[1]).toMatch(/^v1李四2026-03-01/);
    expect(within(rowOf(table, 2)).getByRole('button', { name: '与当前版本对比' })).toBeDisabled();
  });

  it('shows an older version against the current one side by side', async () => {
    const table = await openHistory();
    await user().click(within(rowOf(table, 1)).getByRole('button', { name: '与当前版本对比' }));
    const diff = await screen.findByTestId('version-diff');
    const cells = [...diff.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()),
    );
    // The default tree has no hideInMenu on the node: the key was added.
    expect(cells).toEqual([['/0/hideInMenu', '—', 'true']]);
    expect(within(diff).getByText('版本 v1')).toBeInTheDocument();
    expect(within(diff).getByText('当前版本 v2')).toBeInTheDocument();
  });

  it('restores a version after confirming, named by the version loaded, and lists the new one', async () => {
    const table = await openHistory();
    await user().click(within(rowOf(table, 1)).getByRole('button', { name: '恢复此版本' }));
    const popup = confirmation(await screen.findByText('将版本 1 另存为最新版本？'));
    expect(api.reverts).toHaveLength(0);
    await user().click(within(popup).getByRole('button', { name: '恢复此版本' }));
    await waitFor(() => expect(api.reverts).toEqual([{ role: 'lawyer', version: 1 }]));
    expect(api.ifMatches.at(-1)).toBe('"2"');
    expect(await screen.findByText('已将版本 1 恢复为版本 3')).toBeInTheDocument();
    const newest = await screen.findByText('v3');
    expect(newest.closest('tr')).toHaveTextContent('恢复');
  });

  it('shows a restore refused as stale like a refused save: who published the newer version, and reapply', async () => {
    server.use(
      http.post('/api/menus/:role/revert', () =>
        fail(409, CODES.conflict, '赵六已保存了较新的版本', [], {
          version: 3,
          savedBy: { id: 11, name: '赵六' },
          savedAt: '2026-03-03T08:00:00.000Z',
        }),
      ),
    );
    const table = await openHistory();
    await user().click(within(rowOf(table, 1)).getByRole('button', { name: '恢复此版本' }));
    const popup = confirmation(await screen.findByText('将版本 1 另存为最新版本？'));
    await user().click(within(popup).getByRole('button', { name: '恢复此版本' }));
    const conflict = await screen.findByTestId('version-conflict');
    expect(conflict).toHaveTextContent('赵六 已于');
    expect(conflict).toHaveTextContent('较新的版本 3');
    await user().click(within(conflict).getByRole('button', { name: '在版本 3 之上重新应用我的修改' }));
    await waitFor(() => expect(screen.queryByTestId('version-conflict')).not.toBeInTheDocument());
  });
});
