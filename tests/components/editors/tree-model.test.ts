import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../contract/menu';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../../contract/routes';
import {
  draftOf,
  isRemoved,
  moveBy,
  moveNode,
  nodeAtPath,
  treeForSave,
} from '../../../src/pages/user/menu-editor/tree-model';

const lawyerDefault = () => structuredClone(filterMenuForRole(DEFAULT_ROUTES, 'lawyer'));
const childKeys = (tree: MenuNode[], key: string) =>
  tree.find((n) => n.key === key)?.children?.map((c) => c.key);

describe('menu editor tree model', () => {
  it('resolves a server error path to the node and field it names', () => {
    const tree = lawyerDefault();
    expect(nodeAtPath(tree, 'tree.2.children.1.icon')).toEqual({ key: '/profile/case', field: 'icon' });
    expect(nodeAtPath(tree, 'tree.0.title')).toEqual({ key: '/dashboard', field: 'title' });
    expect(nodeAtPath(tree, 'tree.2.children')).toEqual({ key: '/profile', field: 'children' });
    expect(nodeAtPath(tree, 'tree')).toBeNull();
    expect(nodeAtPath(tree, 'tree.9.icon')).toBeNull();
  });

  it('offers missing default nodes as removed, and saves exactly the stored tree until something changes', () => {
    const stored = lawyerDefault().filter((n) => n.key !== '/profile');
    const draft = draftOf(stored, lawyerDefault());
    expect([...draft.removed]).toEqual(['/profile']);
    expect(isRemoved(draft, '/profile/case')).toBe(true);
    expect(draft.tree.map((n) => n.key)).toEqual(['/dashboard', '/case', '/profile', '/user']);
    expect(treeForSave(draft)).toEqual(stored);
  });

  it('moves nodes only among siblings and renumbers their order', () => {
    const tree = lawyerDefault();
    const moved = moveNode(tree, '/profile/editlawyer', '/profile/search-table-lawyer', 'before');
    expect(childKeys(moved, '/profile')).toEqual([
      '/profile/editlawyer',
      '/profile/search-table-lawyer',
      '/profile/case',
      '/profile/letters',
    ]);
    expect(moved.find((n) => n.key === '/profile')?.children?.map((c) => c.order)).toEqual([0, 1, 2, 3]);
    // A target in another list: nothing moves.
    expect(moveNode(tree, '/profile/case', '/dashboard/lawyer-workplace', 'after')).toEqual(tree);
    expect(moveBy(tree, '/profile/search-table-lawyer', -1)).toEqual(tree);
    expect(childKeys(moveBy(tree, '/profile/case', 1), '/profile')).toEqual([
      '/profile/search-table-lawyer',
      '/profile/editlawyer',
      '/profile/case',
      '/profile/letters',
    ]);
  });
});
