import type { Role } from '../../contract/roles';

/** The demo password every demo account shares (README, ARCHITECTURE.md §7). */
export const DEMO_PASSWORD = 'Demo@2026';

export interface DemoAccount {
  phone: string;
  role: Role;
  name: string;
  /** Further roles held, for the switch-role option. */
  extraRoles: Role[];
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { phone: '13800000001', role: 'superAdmin', name: '周启航', extraRoles: [] },
  { phone: '13800000002', role: 'caseOperation', name: '林晓雯', extraRoles: ['bussinessOperation'] },
  { phone: '13800000003', role: 'bussinessOperation', name: '陈志远', extraRoles: [] },
  { phone: '13800000004', role: 'lawfirmContactPerson', name: '王思敏', extraRoles: [] },
  { phone: '13800000005', role: 'lawyer', name: '李明哲', extraRoles: [] },
  { phone: '13800000006', role: 'admin', name: '赵运维', extraRoles: [] },
];
