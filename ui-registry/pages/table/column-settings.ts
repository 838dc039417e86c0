import { useCallback, useState } from 'react';
import type { ColumnDescriptor } from '../../../contract/pages/descriptor';

/**
 * Which columns a user shows, in which order, remembered in the browser per page and per user
 * (per role when the environment names no user). Stored by column key, so a descriptor that
 * gains, loses or reorders columns never breaks a saved setting: unknown keys are ignored,
 * new columns join at the end with their default visibility.
 */
export interface ColumnSetting {
  order: string[];
  hidden: string[];
}

export interface KeyedColumn {
  /** The field, or `field#2` for the second column showing the same field. */
  key: string;
  column: ColumnDescriptor;
}

export interface ArrangedColumn extends KeyedColumn {
  visible: boolean;
}

export function keyedColumns(columns: readonly ColumnDescriptor[]): KeyedColumn[] {
  const seen = new Map<string, number>();
  return columns.map((column) => {
    const n = (seen.get(column.field) ?? 0) + 1;
    seen.set(column.field, n);
    return { key: n === 1 ? column.field : `${column.field}#${n}`, column };
  });
}

/** The columns in the user's order with the user's visibility; the descriptor's without a setting. */
export function arrange(columns: readonly KeyedColumn[], setting: ColumnSetting | null): ArrangedColumn[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const ordered = setting
    ? [
        ...setting.order.flatMap((key) => byKey.get(key) ?? []),
        ...columns.filter((column) => !setting.order.includes(column.key)),
      ]
    : [...columns];
  const unique = [...new Set(ordered)];
  return unique.map((column) => ({
    ...column,
    visible: setting?.order.includes(column.key)
      ? !setting.hidden.includes(column.key)
      : column.column.defaultHidden !== true,
  }));
}

export function settingKey(pageId: string, who: string): string {
  return `casedesk.columns.${pageId}.${who}`;
}

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage refused (privacy mode): settings last as long as the page.
    return null;
  }
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** A saved setting, or null when there is none or it is not one (edited by hand, older format). */
export function readSetting(key: string): ColumnSetting | null {
  try {
    const raw: unknown = JSON.parse(browserStorage()?.getItem(key) ?? 'null');
    if (raw === null || typeof raw !== 'object') return null;
    const { order, hidden } = raw as Record<string, unknown>;
    return isStringList(order) && isStringList(hidden) ? { order, hidden } : null;
  } catch {
    return null;
  }
}

function writeSetting(key: string, setting: ColumnSetting | null): void {
  try {
    const storage = browserStorage();
    if (setting) storage?.setItem(key, JSON.stringify(setting));
    else storage?.removeItem(key);
  } catch {
    // Full or refused: the setting still applies until the page is left.
  }
}

/** The setting for this page and user, and a function that changes (or, with null, forgets) it. */
export function useColumnSetting(key: string): [ColumnSetting | null, (next: ColumnSetting | null) => void] {
  const [state, setState] = useState(() => ({ key, setting: readSetting(key) }));
  // Another user or page: read its own setting.
  const current = state.key === key ? state.setting : readSetting(key);
  if (state.key !== key) setState({ key, setting: current });
  const save = useCallback(
    (next: ColumnSetting | null) => {
      writeSetting(key, next);
      setState({ key, setting: next });
    },
    [key],
  );
  return [current, save];
}
