import { screen } from '@testing-library/react';
import { http } from 'msw';
import { MemoryRouter, useLocation } from 'react-router';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { PageHost } from '../../../ui-registry/PageHost';
import { renderWithRegistry, testEnvironment } from './environment';
import { caseRow, caseTable } from './fixtures';

/** The table page's tests' setup (table.test.tsx, table-actions.test.tsx). */

/** Every GET /api/cases, as the query it carried; answers `rows` (or what `answer` returns). */
export function listCases(
  rows = [caseRow(1), caseRow(2, { status: 'processing', allowedEvents: ['SUSPEND'] })],
) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/cases', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return ok({ list: rows, total: 35 });
    }),
  );
  return asked;
}

export function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

/** The table page as a route renders it: inside a router, its descriptor from the server. */
export function renderRoute(search = '', env = testEnvironment()) {
  server.use(http.get('/api/pages/search-table', () => ok(caseTable)));
  return renderWithRegistry(
    <MemoryRouter initialEntries={[`/list/search-table${search}`]}>
      <PageHost pageId="search-table" />
      <Location />
    </MemoryRouter>,
    { env },
  );
}

export const search = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');
