import type { TablePage } from '../../../contract/pages/descriptor';
import { col, field, table } from './builders';

/**
 * 个人信息访问记录 (/user/pii-access, `pii.audit`): every reveal of a full ID number or phone,
 * over GET /api/pii-access, by who looked, case and day, exported as CSV. The record never
 * held the value, so neither does the export.
 */
const piiAccess: TablePage = table({
  id: 'pii-access',
  title: 'menu.piiAccess',
  source: { path: '/pii-access' },
  filters: [
    field('userName', 'pii.filter.userName', { kind: 'input', maxLength: 60 }),
    field('caseNo', 'pii.filter.caseNo', { kind: 'input', maxLength: 60 }),
    field('day', 'pii.filter.day', { kind: 'dateRange' }),
  ],
  columns: [
    col('at', 'pii.column.at', { widget: 'datetime', width: 170 }),
    col('user.name', 'pii.column.user', { width: 110 }),
    col('role', 'pii.column.role', { widget: 'enum', enum: 'role', width: 120 }),
    col('caseNo', 'pii.column.caseNo', { width: 150 }),
    col('partyName', 'pii.column.party', { width: 110 }),
    col('field', 'pii.column.field', { widget: 'enum', enum: 'revealField', width: 100 }),
    col('reason', 'pii.column.reason', { widget: 'enum', enum: 'revealReason', width: 110 }),
    col('note', 'pii.column.note'),
    col('clientIp', 'pii.column.clientIp', { width: 130 }),
  ],
  rowActions: [],
  toolbar: [{ kind: 'export', key: 'export', label: 'case.action.export', path: '/pii-access/export' }],
  bulkActions: [],
});

export const piiAccessPages: TablePage[] = [piiAccess];
