import type { FieldError } from '../../contract/envelope';
import type { MenuNode } from '../../contract/menu';
import type { MessageKey } from '../../contract/messages';
import { descriptorReferences } from '../../contract/pages/descriptor';
import { matchRoutePath, routesBreadthFirst } from '../../contract/routes';

/** A declared API route as the allowlist sees it: method and Fastify-style url under /api. */
export interface DeclaredApi {
  method: string;
  url: string;
}

/**
 * The references of a descriptor that point nowhere: API calls that match no declared route
 * (same method, same segments, `:params` matching `:params` or a concrete value) and route
 * templates that match no route of the route table. Which fields hold them, and with which
 * method, the descriptor schema says (contract/pages/descriptor.ts, `descriptorReferences`).
 */
export function checkReferences(
  descriptor: unknown,
  declared: readonly DeclaredApi[],
  routeTable: readonly MenuNode[],
): FieldError[] {
  const routes = routesBreadthFirst(routeTable).map((r) => r.path);
  const errors: FieldError[] = [];
  const wrong = (path: string, message: MessageKey) => {
    if (!errors.some((e) => e.path === path && e.message === message)) errors.push({ path, message });
  };
  for (const ref of descriptorReferences(descriptor)) {
    if (ref.kind === 'api') {
      const known = declared.some((d) => d.method === ref.method && matchRoutePath(d.url, ref.template));
      if (!known) wrong(ref.path, 'page.unknownApi');
    } else if (!routes.some((pattern) => matchRoutePath(pattern, ref.template))) {
      wrong(ref.path, 'page.unknownRoute');
    }
  }
  return errors;
}
