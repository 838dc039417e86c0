import type { MenuNode } from '../../contract/menu';

/**
 * A saved menu and the product's routes added after it was saved. The menu records the route
 * keys it knew (menus.known_routes: the product's routes the role could see at that moment); a
 * route of the product it did not know was added since, and the role gets it at its default
 * place. A route it knew and does not hold was removed by an administrator and stays removed.
 */

/** Every key of a tree, groups and leaves, at any depth. */
export function routeKeysOf(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => [node.key, ...routeKeysOf(node.children ?? [])]);
}

/**
 * `tree` with each route of `defaults` (the product's route table as the role may see it) that
 * `known` does not hold, at its default place: under its group wherever the tree has that group
 * now (an administrator may have moved or renamed it), else in a copy of the group where the
 * route table has it. A new group comes whole. A route whose key or path the tree already uses
 * (an administrator's own node) is left out. `tree` itself is not changed.
 */
export function withNewRoutes(
  tree: readonly MenuNode[],
  defaults: readonly MenuNode[],
  known: ReadonlySet<string>,
): MenuNode[] {
  const out = structuredClone(tree) as MenuNode[];
  const taken = new Set<string>();
  const take = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      taken.add(node.key);
      taken.add(node.path);
      take(node.children ?? []);
    }
  };
  take(out);
  const isTaken = (node: MenuNode) => taken.has(node.key) || taken.has(node.path);
  const fresh = (node: MenuNode): MenuNode =>
    node.children ? { ...node, children: node.children.filter((c) => !isTaken(c)).map(fresh) } : { ...node };

  const visit = (nodes: readonly MenuNode[], ancestors: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (!known.has(node.key) && !isTaken(node)) {
        const added = fresh(node);
        place(out, ancestors, added);
        take([added]);
      } else {
        visit(node.children ?? [], [...ancestors, node]);
      }
    }
  };
  visit(defaults, []);
  return out;
}

/** Puts `node` under its nearest default ancestor the tree still has, making the missing ones below it. */
function place(out: MenuNode[], ancestors: readonly MenuNode[], node: MenuNode) {
  let home = out;
  let present = ancestors.length;
  for (; present > 0; present--) {
    const found = findNode(out, ancestors[present - 1]);
    if (found) {
      found.children ??= [];
      home = found.children;
      break;
    }
  }
  for (const missing of ancestors.slice(present)) {
    const copy: MenuNode = { ...missing, children: [] };
    home.push(copy);
    home = copy.children as MenuNode[];
  }
  home.push(node);
}

function findNode(nodes: MenuNode[], wanted: MenuNode): MenuNode | null {
  for (const node of nodes) {
    if (node.key === wanted.key || node.path === wanted.path) return node;
    const below = findNode(node.children ?? [], wanted);
    if (below) return below;
  }
  return null;
}
