import { Message } from '@arco-design/web-react';
import type { UserInfo } from '../../contract/auth';
import type { Role } from '../../contract/roles';
import type { HttpMethod, RegistryEnvironment, RegistryLocale, RequestOptions } from '../../ui-registry';
import { downloadFile } from '../api/download';
import { apiDelete, apiGet, apiPost, apiPut } from '../api/request';
import { ensureTexts, i18n } from '../i18n';
import { announceDataChange, onDataChange } from './data-changes';
import { navigateBack, navigateTo } from './navigation';

/**
 * The case status machine's `allowedEvents`, for a record that arrives without the server's
 * own: the machine loads then (its chunk is not on a dashboard's way), once; a failed load is
 * tried again the next time.
 */
let caseEvents: Promise<NonNullable<RegistryEnvironment['caseEvents']>> | undefined;
const loadCaseEvents = () =>
  (caseEvents ??= import('../../machines/caseStatusMachine').then(
    (machine) => machine.allowedEvents,
    (error: unknown) => {
      caseEvents = undefined;
      throw error;
    },
  ));

/** Every string in a descriptor that could be a catalogue key (dotted words): its texts load before it renders. */
export function keysIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') {
    if (/^[A-Za-z][\w-]*\.[\w.-]+$/.test(value)) into.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) keysIn(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) keysIn(item, into);
  }
  return into;
}

/** The ui-registry's one door to the outside world, built from the app's HTTP client, router and i18n. */
export function createRegistryEnv(
  role: Role | null,
  userInfo: UserInfo | null,
  locale: RegistryLocale,
): RegistryEnvironment {
  return {
    role,
    user: userInfo ? { id: userInfo.id, lawFirmId: userInfo.lawFirmId } : null,
    locale,
    t: (key, params) => i18n.t(key, params ?? {}) as string,
    request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
      const opts = { params: options.params, signal: options.signal, silent: options.silent };
      if (method === 'GET') return apiGet<T>(path, opts);
      const sent =
        method === 'POST'
          ? apiPost<T>(path, options.body, opts)
          : method === 'PUT'
            ? apiPut<T>(path, options.body, opts)
            : apiDelete<T>(path, opts);
      // A change went through: every list and record on screen reads itself again.
      return sent.then((data) => {
        announceDataChange();
        return data;
      });
    },
    onDataChanged: onDataChange,
    // The catalogue areas its keys name load with the descriptor (locales/index.ts KEYED_AREAS).
    fetchPage: async (id, options) => {
      const descriptor = await apiGet<unknown>(`/pages/${encodeURIComponent(id)}`, {
        signal: options?.signal,
      });
      await ensureTexts(keysIn(descriptor));
      return descriptor;
    },
    download: (path, options) => downloadFile(path, options),
    navigate: (to) => navigateTo(to),
    back: () => navigateBack(),
    notify(kind, message) {
      Message[kind]({ content: message, duration: kind === 'error' ? 5000 : 3000 });
    },
    confirm: (message) => import('./confirm-dialog').then(({ confirmDialog }) => confirmDialog(message)),
    loadCaseEvents,
  };
}
