import { setupServer } from 'msw/node';
import { editorLeaveHandlers } from './handlers/editing';

/**
 * The MSW server for component tests. Each test adds the handlers it needs with
 * `server.use(...)` (builders in mocks/handlers/); handlers are reset after every test.
 * Unhandled requests fail the test, so nothing silently reaches a real network. The only
 * handlers every test has are what a screen sends as it is unmounted after the test.
 */
export const server = setupServer(...editorLeaveHandlers);
