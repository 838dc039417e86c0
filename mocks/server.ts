import { setupServer } from 'msw/node';

/**
 * The MSW server for component tests. Each test adds the handlers it needs with
 * `server.use(...)` (builders in mocks/handlers/); handlers are reset after every test.
 * Unhandled requests fail the test, so nothing silently reaches a real network.
 */
export const server = setupServer();
