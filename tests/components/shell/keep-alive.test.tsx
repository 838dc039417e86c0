import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider, useSearchParams } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../contract/menu';
import type { PageDescriptor } from '../../../contract/pages/descriptor';
import { KeepAlivePages } from '../../../src/layout/KeepAlivePages';
import { tabsStore } from '../../../src/layout/tabs/store';
import { useTabSync } from '../../../src/layout/tabs/use-tab-sync';
import { createDefaultRegistry, type RegistryEnvironment, RegistryProvider } from '../../../ui-registry';

const TREE: MenuNode[] = [
  {
    key: '/g',
    path: '/g',
    name: 'g',
    title: 'menu.list',
    order: 0,
    access: 'profile.edit',
    children: [
      {
        key: '/g/kept',
        path: '/g/kept',
        name: 'kept',
        title: 'menu.searchTable',
        order: 0,
        page: 'kept-page',
        access: 'profile.edit',
      },
      {
        key: '/g/other',
        path: '/g/other',
        name: 'other',
        title: 'menu.caseNode',
        order: 1,
        page: 'other-page',
        access: 'profile.edit',
      },
      {
        key: '/g/case/:id',
        path: '/g/case/:id',
        name: 'case',
        title: 'menu.caseDetail',
        order: 3,
        page: 'case-page',
        hideInMenu: true,
        access: 'profile.edit',
      },
      {
        key: '/g/fresh',
        path: '/g/fresh',
        name: 'fresh',
        title: 'menu.caseEdit',
        order: 2,
        page: 'fresh-page',
        ignoreCache: true,
        access: 'profile.edit',
      },
    ],
  },
];

/** A hand-written page with state of its own, and a view of the query it sees. */
function Notepad() {
  const [search] = useSearchParams();
  return (
    <div>
      <input aria-label="note" />
      <span data-testid="query">{search.toString()}</span>
    </div>
  );
}

const builtin = (id: string): PageDescriptor => ({
  schemaVersion: 1,
  id,
  type: 'builtin',
  title: 'menu.list',
  component: 'Notepad',
});

/** A case's record: its tab is named by its number, not its id. */
const casePage: PageDescriptor = {
  schemaVersion: 1,
  id: 'case-page',
  type: 'detail',
  title: 'menu.caseDetail',
  source: { path: '/cases/:id' },
  subtitleField: 'caseNo',
  sections: [
    {
      kind: 'descriptions',
      title: 'case.section.basic',
      columns: 3,
      items: [{ field: 'title', title: 'case.title', widget: 'text' }],
    },
  ],
  actions: [],
};

const env: RegistryEnvironment = {
  role: 'superAdmin',
  locale: 'zh-CN',
  t: (key) => key,
  request: (async (_method: string, path: string) =>
    path === '/cases/42' ? { id: 42, caseNo: 'MS00000042', title: '借款纠纷' } : null) as never,
  fetchPage: async (id) => (id === 'case-page' ? casePage : builtin(id)),
  navigate: () => {},
  notify: () => {},
  confirm: async () => true,
};

function Frame() {
  useTabSync(TREE, 'superAdmin', true);
  return (
    <>
      <nav>
        <Link to="/g/kept?status=pending">kept</Link>
        <Link to="/g/other">other</Link>
        <Link to="/g/fresh">fresh</Link>
        <Link to="/g/case/42">case</Link>
      </nav>
      <KeepAlivePages tree={TREE} />
    </>
  );
}

function renderFrame(initial: string) {
  const registry = createDefaultRegistry();
  registry.registerBuiltin('Notepad', Notepad);
  const router = createMemoryRouter([{ path: '*', element: <Frame /> }], { initialEntries: [initial] });
  render(
    <RegistryProvider env={env} registry={registry}>
      <RouterProvider router={router} />
    </RegistryProvider>,
  );
}

const visibleNote = () =>
  screen.getAllByLabelText('note').find((el) => !el.closest('[hidden]')) as HTMLInputElement;

beforeEach(() => tabsStore.clear());

describe('pages kept alive between tabs', () => {
  it('keeps what was typed on a page while another tab is open', async () => {
    renderFrame('/g/kept?status=pending');
    await screen.findByLabelText('note');
    await userEvent.type(visibleNote(), 'draft');
    await userEvent.click(screen.getByText('other'));
    await screen.findAllByLabelText('note');
    expect(visibleNote().value).toBe('');
    await userEvent.click(screen.getByText('kept'));
    expect(visibleNote().value).toBe('draft');
  });

  it('lets a hidden page keep seeing its own query, not the current one', async () => {
    renderFrame('/g/kept?status=pending');
    await screen.findByLabelText('note');
    await userEvent.click(screen.getByText('other'));
    const queries = await screen.findAllByTestId('query');
    const hidden = queries.find((el) => el.closest('[hidden]'));
    expect(hidden).toHaveTextContent('status=pending');
  });

  it('starts an ignoreCache page fresh every time', async () => {
    renderFrame('/g/fresh');
    await screen.findByLabelText('note');
    await userEvent.type(visibleNote(), 'typed');
    await userEvent.click(screen.getByText('other'));
    await userEvent.click(screen.getByText('fresh'));
    await screen.findAllByLabelText('note');
    expect(visibleNote().value).toBe('');
  });

  it('remounts a page when its tab is reloaded', async () => {
    renderFrame('/g/kept?status=pending');
    await screen.findByLabelText('note');
    await userEvent.type(visibleNote(), 'draft');
    act(() => tabsStore.reload('/g/kept'));
    // The remount is a render away: wait for the fresh, empty page rather than the old one.
    await waitFor(() => expect(visibleNote().value).toBe(''));
  });

  it('names a record’s tab by what its page read (a case’s number), not by the route’s id', async () => {
    renderFrame('/g/kept');
    await screen.findByLabelText('note');
    await userEvent.click(screen.getByText('case'));
    await waitFor(() =>
      expect(tabsStore.get().tabs.find((t) => t.key === '/g/case/42')).toMatchObject({
        detail: '42',
        recordName: 'MS00000042',
      }),
    );
    // Another page's tab is not named by it.
    expect(tabsStore.get().tabs.find((t) => t.key === '/g/kept')?.recordName).toBeUndefined();
  });
});
