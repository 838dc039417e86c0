/**
 * The pages anyone may open, signed in or not, outside every menu: the other half of the
 * route table (re-exported by contract/routes.ts). The guard allows exactly these paths (machines/guardMachine.ts) and the router
 * serves exactly these outside the signed-in frame (src/router/index.tsx, one page per `name`).
 */
export const PUBLIC_PAGES = [
  { path: '/login', name: 'login' },
  { path: '/register', name: 'register' },
  { path: '/lawyer-register', name: 'lawyerRegister' },
  { path: '/lawyer-agreement', name: 'lawyerAgreement' },
  { path: '/reset', name: 'reset' },
  { path: '/delete-complete', name: 'deleteComplete' },
  { path: '/exception/403', name: 'forbidden' },
  { path: '/exception/404', name: 'notFound' },
  { path: '/exception/500', name: 'serverError' },
  { path: '/outcome/success', name: 'outcomeSuccess' },
  { path: '/outcome/fail', name: 'outcomeFail' },
] as const;

export type PublicPageName = (typeof PUBLIC_PAGES)[number]['name'];
