import { http } from 'msw';
import { ok } from '../envelope';

/**
 * An editor leaves its page or menu when it unmounts (src/pages/user/versions/
 * use-editing-presence.ts), which in a component test happens while the test is cleaned up,
 * after its own handlers are gone: answered here for every test, so the leave is no unhandled request.
 */
export const editorLeaveHandlers = ['/api/pages/:id/presence', '/api/menus/:role/presence'].map((url) =>
  http.delete(url, () => ok({ editors: [], heartbeatSeconds: 15 })),
);
