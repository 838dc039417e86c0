import type { BuiltinPageComponent } from '../../../contract/pages/builtins';
import { type BuiltinPage, SCHEMA_VERSION } from '../../../contract/pages/descriptor';

/** Pages written by hand in the app; the descriptor names the registered component. */
function builtin(id: string, title: string, component: BuiltinPageComponent): BuiltinPage {
  return { schemaVersion: SCHEMA_VERSION, id, type: 'builtin', title, component };
}

export const builtinPages: BuiltinPage[] = [
  builtin('user-setting', 'menu.userSetting', 'UserSettings'),
  builtin('user-info', 'menu.userInfo', 'UserInfo'),
  builtin('user-account', 'menu.userAccount', 'AccountManagement'),
  builtin('reset-modify', 'menu.resetModify', 'ResetModify'),
  builtin('monitor', 'menu.monitor', 'Monitor'),
  builtin('menu-editor', 'menu.menuEditor', 'MenuEditor'),
  builtin('page-editor', 'menu.pageEditor', 'PageEditor'),
  builtin('pdf-viewer', 'menu.pdfViewer', 'PdfViewer'),
  builtin('machine-inspector', 'menu.machineInspector', 'MachineInspector'),
  builtin('case-new', 'menu.caseNew', 'CaseNew'),
  builtin('case-import', 'menu.caseImport', 'CaseImport'),
  builtin('routing-rules', 'menu.routingRules', 'RoutingRules'),
];
