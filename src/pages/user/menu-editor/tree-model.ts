import type { MenuNode } from '../../../../contract/menu';

/**
 * The menu editor's draft: the role's tree in display order, plus the keys of removed nodes.
 * Removed nodes stay in the draft (shown struck through, restorable) and are left out of the
 * tree that is saved; nodes of the role's default tree that the stored tree lacks come back
 * as removed nodes, so anything removed earlier can be restored.
 */
export interface MenuDraft {
  tree: MenuNode[];
  removed: ReadonlySet<string>;
}

/** Children in menu order (stable for equal orders), recursively. */
export function sortByOrder(nodes: readonly MenuNode[]): MenuNode[] {
  return [...nodes]
    .sort((a, b) => a.order - b.order)
    .map((n) => (n.children ? { ...n, children: sortByOrder(n.children) } : n));
}

function keysOf(nodes: readonly MenuNode[], into = new Set<string>()): Set<string> {
  for (const n of nodes) {
    into.add(n.key);
    if (n.children) keysOf(n.children, into);
  }
  return into;
}

/** The draft of a stored tree, with the default's missing nodes added back as removed ones. */
export function draftOf(tree: readonly MenuNode[], defaults: readonly MenuNode[]): MenuDraft {
  const present = keysOf(tree);
  const removed = new Set<string>();
  let out = structuredClone(sortByOrder(tree));

  const addMissing = (nodes: readonly MenuNode[], parentKey: string | null) => {
    for (const node of nodes) {
      if (present.has(node.key)) {
        if (node.children) addMissing(node.children, node.key);
        continue;
      }
      const copy: MenuNode = structuredClone(node);
      if (copy.children) copy.children = copy.children.filter((c) => !present.has(c.key));
      removed.add(copy.key);
      for (const key of keysOf([copy])) present.add(key);
      const parent = parentKey ? findNode(out, parentKey) : null;
      if (parent) parent.children = sortByOrder([...(parent.children ?? []), copy]);
      else out = sortByOrder([...out, copy]);
    }
  };
  addMissing(defaults, null);
  return { tree: out, removed };
}

export function findNode(nodes: readonly MenuNode[], key: string): MenuNode | null {
  for (const n of nodes) {
    if (n.key === key) return n;
    const below = n.children ? findNode(n.children, key) : null;
    if (below) return below;
  }
  return null;
}

/** The keys from the root down to a node, the node's own key last. */
export function keyChain(nodes: readonly MenuNode[], key: string): string[] {
  for (const n of nodes) {
    if (n.key === key) return [n.key];
    const below = n.children ? keyChain(n.children, key) : [];
    if (below.length) return [n.key, ...below];
  }
  return [];
}

/** Removed itself, or inside a removed group. */
export function isRemoved(draft: MenuDraft, key: string): boolean {
  return keyChain(draft.tree, key).some((k) => draft.removed.has(k));
}

/** A copy of the tree with one node changed. */
export function updateNode(nodes: readonly MenuNode[], key: string, patch: Partial<MenuNode>): MenuNode[] {
  return nodes.map((n) => {
    if (n.key === key) return { ...n, ...patch };
    return n.children ? { ...n, children: updateNode(n.children, key, patch) } : n;
  });
}

/** Applies `change` to the sibling list that holds `key` (the root list included). */
function mapSiblings(
  nodes: readonly MenuNode[],
  key: string,
  change: (siblings: MenuNode[]) => MenuNode[],
): MenuNode[] {
  if (nodes.some((n) => n.key === key)) return change([...nodes]);
  return nodes.map((n) => (n.children ? { ...n, children: mapSiblings(n.children, key, change) } : n));
}

/** Orders 0, 1, 2… in display order, so the saved order fields say what the tree shows. */
function renumber(siblings: MenuNode[]): MenuNode[] {
  return siblings.map((n, i) => (n.order === i ? n : { ...n, order: i }));
}

/**
 * Moves a node before or after a sibling (drag and drop), then renumbers that sibling list.
 * Nodes move only among their siblings: a menu path is absolute, and moving a node under
 * another group would not change where it opens, only confuse the menu.
 */
export function moveNode(
  nodes: readonly MenuNode[],
  dragKey: string,
  targetKey: string,
  position: 'before' | 'after',
): MenuNode[] {
  if (dragKey === targetKey) return [...nodes];
  return mapSiblings(nodes, dragKey, (siblings) => {
    const dragged = siblings.find((n) => n.key === dragKey) as MenuNode;
    const rest = siblings.filter((n) => n.key !== dragKey);
    const at = rest.findIndex((n) => n.key === targetKey);
    if (at < 0) return siblings;
    rest.splice(position === 'before' ? at : at + 1, 0, dragged);
    return renumber(rest);
  });
}

/** Moves a node one place up or down among its siblings (the keyboard's way to reorder). */
export function moveBy(nodes: readonly MenuNode[], key: string, delta: -1 | 1): MenuNode[] {
  return mapSiblings(nodes, key, (siblings) => {
    const i = siblings.findIndex((n) => n.key === key);
    const j = i + delta;
    if (j < 0 || j >= siblings.length) return siblings;
    [siblings[i], siblings[j]] = [siblings[j], siblings[i]];
    return renumber(siblings);
  });
}

/** Are two keys children of the same list? (Where a drag may drop.) */
export function areSiblings(nodes: readonly MenuNode[], a: string, b: string): boolean {
  const parentA = keyChain(nodes, a).slice(0, -1).join('>');
  const parentB = keyChain(nodes, b).slice(0, -1).join('>');
  return findNode(nodes, a) !== null && findNode(nodes, b) !== null && parentA === parentB;
}

/** The tree to save: removed nodes (and everything under them) left out. */
export function treeForSave(draft: MenuDraft): MenuNode[] {
  const keep = (nodes: readonly MenuNode[]): MenuNode[] =>
    nodes
      .filter((n) => !draft.removed.has(n.key))
      .map((n) => (n.children ? { ...n, children: keep(n.children) } : n));
  return keep(draft.tree);
}

/**
 * The node a server error path points at, in the tree that was sent:
 * `tree.2.children.0.icon` -> { key of that node, field: 'icon' }. `tree` alone has no node.
 */
export function nodeAtPath(sent: readonly MenuNode[], path: string): { key: string; field: string } | null {
  const parts = path.split('.');
  if (parts[0] !== 'tree') return null;
  let list: readonly MenuNode[] | undefined = sent;
  let node: MenuNode | undefined;
  let i = 1;
  while (i < parts.length && /^\d+$/.test(parts[i])) {
    node = list?.[Number(parts[i])];
    if (!node) return null;
    i++;
    if (parts[i] === 'children' && /^\d+$/.test(parts[i + 1] ?? '')) {
      list = node.children;
      i++;
    } else break;
  }
  return node ? { key: node.key, field: parts.slice(i).join('.') } : null;
}
