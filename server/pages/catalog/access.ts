import type { TablePage } from '../../../contract/pages/descriptor';
import { ROLES } from '../../../contract/roles';
import { col, table } from './builders';

/**
 * /user/access: who may do what, read only. One row per ability of contract/access.ts (from
 * GET /api/access), one column per role with the scope the role holds it in.
 */
const accessMatrix: TablePage = {
  ...table({
    id: 'user-access',
    title: 'menu.userAccess',
    source: { path: '/access' },
    filters: [],
    columns: [
      col('ability', 'access.column.ability', { widget: 'enum', enum: 'ability', fixed: 'left', width: 260 }),
      col('ability', 'access.column.key', { width: 170 }),
      ...ROLES.map((role) =>
        col(`grants.${role}`, `enum.role.${role}`, { widget: 'status', enum: 'accessScope', width: 120 }),
      ),
    ],
    rowActions: [],
    toolbar: [],
    bulkActions: [],
  }),
  rowKey: 'ability',
  pageSize: 100,
};

export const accessPages: TablePage[] = [accessMatrix];
