import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageNotFound } from '../../../src/layout/PageNotFound';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function open(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Where /> },
      { path: '/list/search-table', element: <Where /> },
      { path: '*', element: <PageNotFound /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the signed-in 404', () => {
  it('offers the way home', async () => {
    open(['/no/such/page']);
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: '返回首页' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('offers the way back to the page before', async () => {
    const router = open(['/list/search-table']);
    await router.navigate('/no/such/page');
    await userEvent.click(await screen.findByRole('button', { name: '返回' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/list/search-table');
  });
});
