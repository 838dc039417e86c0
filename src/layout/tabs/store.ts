import { produce } from 'immer';
import { useSyncExternalStore } from 'react';
import type { Title } from '../../../contract/title-text';

/** One open page in the tab bar. The key is the pathname: /list/case-detail/42 and /43 are two tabs. */
export interface Tab {
  key: string;
  /** The route's title: an i18n key or the text in both languages (contract/title.ts). */
  title: Title;
  /** The route's parameters (a case's id): two tabs of one route never read alike. */
  detail?: string;
  /** The record's own name once its page has it (a case's number): the tab reads it instead of `#id`. */
  recordName?: string;
  name: string;
  fullPath: string;
  query: string;
  ignoreCache: boolean;
  pinned: boolean;
  /** Bumped by "reload": the page remounts with fresh state. */
  nonce: number;
}

export interface TabsState {
  tabs: Tab[];
  active: string | null;
}

const EMPTY: TabsState = { tabs: [], active: null };

function createTabsStore() {
  let state: TabsState = EMPTY;
  const listeners = new Set<() => void>();
  const set = (recipe: (draft: TabsState) => void) => {
    const next = produce(state, recipe);
    if (next === state) return;
    state = next;
    for (const l of listeners) l();
  };
  const closable = (tab: Tab) => !tab.pinned;

  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Opens or focuses a tab; the pinned home tab always stays first. */
    open(tab: Omit<Tab, 'nonce' | 'pinned'> & { pinned?: boolean }) {
      set((draft) => {
        const existing = draft.tabs.find((t) => t.key === tab.key);
        if (existing) {
          existing.fullPath = tab.fullPath;
          existing.query = tab.query;
          existing.title = tab.title;
          existing.detail = tab.detail;
        } else {
          const entry = { ...tab, pinned: tab.pinned ?? false, nonce: 0 };
          if (entry.pinned) draft.tabs.unshift(entry);
          else draft.tabs.push(entry);
        }
        draft.active = tab.key;
      });
    },
    /** A page told its record's name (ui-registry's RecordNameContext). */
    nameRecord(key: string, recordName: string) {
      set((draft) => {
        const tab = draft.tabs.find((t) => t.key === key);
        if (tab && tab.recordName !== recordName) tab.recordName = recordName;
      });
    },
    /** Closes a tab; answers the tab to show next when the closed one was active. */
    close(key: string): Tab | null {
      let next: Tab | null = null;
      set((draft) => {
        const index = draft.tabs.findIndex((t) => t.key === key);
        if (index < 0 || !closable(draft.tabs[index])) return;
        draft.tabs.splice(index, 1);
        if (draft.active === key) {
          const neighbour = draft.tabs[index] ?? draft.tabs[index - 1] ?? null;
          draft.active = neighbour?.key ?? null;
          next = neighbour ? { ...neighbour } : null;
        }
      });
      return next;
    },
    closeOthers(key: string) {
      set((draft) => {
        draft.tabs = draft.tabs.filter((t) => t.key === key || !closable(t));
        draft.active = key;
      });
    },
    closeLeft(key: string) {
      set((draft) => {
        const index = draft.tabs.findIndex((t) => t.key === key);
        draft.tabs = draft.tabs.filter((t, i) => i >= index || !closable(t));
      });
    },
    closeRight(key: string) {
      set((draft) => {
        const index = draft.tabs.findIndex((t) => t.key === key);
        draft.tabs = draft.tabs.filter((t, i) => i <= index || !closable(t));
      });
    },
    reload(key: string) {
      set((draft) => {
        const tab = draft.tabs.find((t) => t.key === key);
        if (tab) tab.nonce += 1;
      });
    },
    /** Logout and role switches start from nothing. */
    clear() {
      state = EMPTY;
      for (const l of listeners) l();
    },
  };
}

export const tabsStore = createTabsStore();

export function useTabs(): TabsState {
  return useSyncExternalStore(tabsStore.subscribe, tabsStore.get, tabsStore.get);
}
