import { createContext, useContext, useEffect } from 'react';
import { getField } from './record';

/**
 * Where a page that shows one record tells the app that record's natural name (a case's
 * number), so the app can name its tab with it instead of the route's `#id`. The app provides
 * one per page it keeps; without a provider nothing is told.
 */
export const RecordNameContext = createContext<((name: string) => void) | null>(null);

/** The fields that name a record when the descriptor names none: a case's number, else a name. */
const NAME_FIELDS = ['caseNo', 'name'] as const;

/** A record's natural name: `field` when given, else the first of NAME_FIELDS it has. */
export function recordNameOf(record: unknown, field?: string): string | null {
  for (const path of field ? [field] : NAME_FIELDS) {
    const value = getField(record, path);
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return null;
}

/** Tells the app the record's name once it is known (and again when it changes). */
export function useRecordName(name: string | null): void {
  const tell = useContext(RecordNameContext);
  useEffect(() => {
    if (tell && name) tell(name);
  }, [tell, name]);
}
