import { produce } from 'immer';
import { useSyncExternalStore } from 'react';

export interface Settings {
  theme: 'light' | 'dark';
  /** Primary colour; Arco's ten --arcoblue shades are generated from it. */
  themeColor: string;
  navbar: boolean;
  menu: boolean;
  topMenu: boolean;
  tabBar: boolean;
  footer: boolean;
  menuWidth: number;
  colorWeak: boolean;
  /** Menu and routes from GET /api/user/menu; off uses the static route table. */
  menuFromServer: boolean;
  menuCollapsed: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: 'light',
  themeColor: '#165DFF',
  navbar: true,
  menu: true,
  topMenu: false,
  tabBar: true,
  footer: true,
  menuWidth: 220,
  colorWeak: false,
  menuFromServer: true,
  menuCollapsed: false,
};

export const SETTINGS_KEY = 'casedesk-settings';

type Listener = () => void;

function load(): Settings {
  try {
    const raw = localStorage.getItem(SETTINGS_KEY);
    if (!raw) return DEFAULT_SETTINGS;
    const stored = JSON.parse(raw) as Partial<Settings>;
    // Only known keys with the right types survive; anything else falls back to the default.
    const merged = { ...DEFAULT_SETTINGS };
    for (const key of Object.keys(DEFAULT_SETTINGS) as Array<keyof Settings>) {
      if (typeof stored[key] === typeof DEFAULT_SETTINGS[key])
        (merged as Record<string, unknown>)[key] = stored[key];
    }
    return merged;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** The one settings store: immutable snapshots (immer), persisted in localStorage. */
function createSettingsStore() {
  let state = load();
  const listeners = new Set<Listener>();
  const update = (recipe: (draft: Settings) => void) => {
    const next = produce(state, recipe);
    if (next === state) return;
    state = next;
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(state));
    for (const l of listeners) l();
  };
  return {
    get: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update,
    /** One setting (the drawer's switches, the navbar's theme button). */
    set<K extends keyof Settings>(key: K, value: Settings[K]) {
      update((draft) => {
        draft[key] = value;
      });
    },
    reset() {
      state = DEFAULT_SETTINGS;
      localStorage.removeItem(SETTINGS_KEY);
      for (const l of listeners) l();
    },
    /** Re-read storage (tests, another tab). */
    reload() {
      state = load();
      for (const l of listeners) l();
    },
  };
}

export const settingsStore = createSettingsStore();

export function useSettings(): Settings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.get, settingsStore.get);
}
