import type { MenuNode } from '../../contract/menu';

/** What the sider shows: visible nodes only, sorted, groups without visible children dropped. */
export function visibleMenu(nodes: readonly MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of [...nodes].sort((a, b) => a.order - b.order)) {
    if (node.hideInMenu || /\/:/.test(node.path)) continue;
    if (node.children) {
      const children = visibleMenu(node.children);
      if (children.length === 0) continue;
      out.push({ ...node, children });
    } else {
      out.push(node);
    }
  }
  return out;
}

/** The chain of nodes from the root to the route that owns a path (for breadcrumb and open keys). */
export function routeChain(nodes: readonly MenuNode[], match: (node: MenuNode) => boolean): MenuNode[] {
  for (const node of nodes) {
    if (match(node)) return [node];
    if (node.children) {
      const below = routeChain(node.children, match);
      if (below.length) return [node, ...below];
    }
  }
  return [];
}
