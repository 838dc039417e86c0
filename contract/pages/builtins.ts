/**
 * The pages written by hand in the app (`{ type: 'builtin', component }` descriptors), by
 * the component name the registry knows them under. One list for both sides: the server's
 * catalogue (server/pages/catalog) names only these, a saved page naming another is refused,
 * and the app (src/pages/builtins.tsx) must register every one (its table is typed by this
 * list; tests/components/builtin-pages/builtin-names.test.tsx and tests/unit/builtin-pages.test.ts
 * tie the three together).
 */
export const BUILTIN_PAGE_COMPONENTS = [
  'UserSettings',
  'UserInfo',
  'AccountManagement',
  'ResetModify',
  'Monitor',
  'MenuEditor',
  'PageEditor',
  'PdfViewer',
  'MachineInspector',
  'CaseNew',
  'CaseImport',
  'RoutingRules',
  'LetterReview',
] as const;

export type BuiltinPageComponent = (typeof BUILTIN_PAGE_COMPONENTS)[number];

export function isBuiltinPageComponent(name: string): name is BuiltinPageComponent {
  return (BUILTIN_PAGE_COMPONENTS as readonly string[]).includes(name);
}
