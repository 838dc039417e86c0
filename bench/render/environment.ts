import i18next from 'i18next';
import { CATALOGUES } from '../../locales/all';
import type { RegistryEnvironment } from '../../ui-registry';
import { caseRows } from './rows';

/** The total the list answers with: 20 pages of 100, so the pager shows its usual buttons. */
export const LIST_TOTAL = 2_000;

/** The app's i18next set-up (src/i18n.ts: flat keys, no escaping) over the real zh-CN catalogue. */
function translator(): RegistryEnvironment['t'] {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: { 'zh-CN': { translation: CATALOGUES['zh-CN'] } },
    lng: 'zh-CN',
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return (key, params) => i18n.t(key, params ?? {}) as string;
}

export const t = translator();
export const rows = caseRows(Date.now());

/**
 * A superAdmin's environment with no server: the case list answers its 100 rows at once (an
 * already resolved promise), option lists answer empty, everything else is a no-op.
 */
export const benchEnvironment: RegistryEnvironment = {
  role: 'superAdmin',
  user: { id: 1 },
  locale: 'zh-CN',
  t,
  request: <T>(_method: string, path: string) =>
    Promise.resolve((path === '/cases' ? { list: rows, total: LIST_TOTAL } : { list: [] }) as T),
  fetchPage: () => Promise.reject(new Error('the render bench hands descriptors over directly')),
  navigate: () => {},
  notify: () => {},
  confirm: () => Promise.resolve(false),
};
