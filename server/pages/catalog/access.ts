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
    // 240 + 150 + 6 x 110: every role's column, 系统管理员 included, is on screen at 1366 x 768.
    columns: [
      col('ability', 'access.column.ability', { widget: 'enum', enum: 'ability', fixed: 'left', width: 240 }),
      col('ability', 'access.column.key', { width: 150 }),
      ...ROLES.map((role) =>
        col(`grants.${role}`, `enum.role.${role}`, { widget: 'status', enum: 'accessScope', width: 110 }),
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
