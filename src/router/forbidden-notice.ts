import { Message } from '@arco-design/web-react';
import type { Role } from '../../contract/roles';
import { DEFAULT_ROUTES, findRoute, homePathFor } from '../../contract/routes';
import { loadAppCatalogue, t, titleOf } from '../i18n';

/**
 * Why the guard moved the user: a deep link (a bookmark, a link in a message) to a page the role
 * may not open lands on the first page it may, with a notice naming the page refused. The
 * role's own home is not a link the user chose (`/` sends admin to the workplace it may not
 * open), so being moved from there says nothing.
 */
export async function tellForbidden(path: string, role: Role | null): Promise<string | null> {
  if (path === homePathFor(role)) return null;
  // The page names are in the signed-in part of the catalogue, which may not be here yet.
  await loadAppCatalogue();
  const route = findRoute(DEFAULT_ROUTES, path);
  const text = t('route.forbiddenPage', { page: route ? titleOf(route.title) : path });
  Message.warning({ id: 'route-forbidden', content: text, duration: 5000 });
  return text;
}
