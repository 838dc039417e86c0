import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FieldError } from '../../../../contract/envelope';
import type { PageHistory, PageList, SavedPage } from '../../../../contract/page-api';
import {
  type Draft,
  etagOf,
  type VersionConflict,
  versionConflictSchema,
} from '../../../../contract/versions';
import { ApiFailure, apiGet, apiPost, apiPut } from '../../../api/request';
import { checkDraft, formatJson } from './check-draft';

export type LoadStatus = 'loading' | 'ready' | 'failed';

/** GET /api/pages: every page the editor can open. */
export function usePageList() {
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [list, setList] = useState<PageList['list']>([]);
  const reload = useCallback(async () => {
    try {
      setList((await apiGet<PageList>('/pages')).list);
      setStatus('ready');
    } catch {
      setStatus('failed');
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { status, list, reload };
}

export interface SaveRefusal {
  message: string;
  errors: FieldError[];
  /** A 409: the newer version the save did not overwrite, who saved it and when. */
  conflict?: VersionConflict;
}

/**
 * One page as the editor holds it: what it serves now and its saved versions (`history`),
 * the JSON text being edited, its live check, and the server calls that change it.
 */
export function usePageDraft(id: string | null, locale: string) {
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [history, setHistory] = useState<PageHistory | null>(null);
  const [baseline, setBaseline] = useState('');
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<SaveRefusal | null>(null);
  const [busy, setBusy] = useState(false);
  /** Set by reapplyOnTop: the newer version the edit is now published over. */
  const [basedOn, setBasedOn] = useState<number | null>(null);

  /** `quiet`: after a save or revert, refresh in place instead of showing the loading state. */
  const load = useCallback(
    async (quiet = false) => {
      if (!id) return;
      if (!quiet) setStatus('loading');
      try {
        const answer = await apiGet<PageHistory>(`/pages/${id}/history`);
        const current = formatJson(answer.current);
        setHistory(answer);
        setBaseline(current);
        setText(current);
        setRefusal(null);
        setBasedOn(null);
        setStatus('ready');
      } catch {
        setStatus('failed');
      }
    },
    [id],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const check = useMemo(() => checkDraft(text, id ?? '', locale), [text, id, locale]);
  const dirty = status === 'ready' && text !== baseline;

  const run = async <T>(call: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    try {
      const result = await call();
      setRefusal(null);
      return result;
    } catch (error) {
      const failure = error instanceof ApiFailure ? error : null;
      const stale = failure?.status === 409 ? versionConflictSchema.safeParse(failure.data) : null;
      setRefusal({
        message: failure?.msg ?? String(error),
        errors: failure?.errors ?? [],
        ...(stale?.success ? { conflict: stale.data } : {}),
      });
      return null;
    } finally {
      setBusy(false);
    }
  };

  /** The version the edit started from, as the publish's If-Match (ARCHITECTURE §8 "Editing"). */
  const editedFrom = () => ({ 'If-Match': etagOf(basedOn ?? history?.version ?? 0) });

  /**
   * Reapplies the edit on top of the newer version a 409 named: the text stays, the next
   * publish names that version (what the administrator saw in the difference).
   */
  const reapplyOnTop = (conflict: VersionConflict) => {
    setBasedOn(conflict.version);
    setRefusal(null);
  };

  /**
   * Shows the shared draft found on opening in place of the published version. A draft started
   * from an older version is published over that one, so the save meets the newer version as
   * a 409 and shows the difference instead of overwriting it.
   */
  const adoptDraft = (draft: NonNullable<Draft>) => {
    setText(typeof draft.content === 'string' ? draft.content : formatJson(draft.content));
    setBasedOn(history && draft.baseVersion !== history.version ? draft.baseVersion : null);
  };

  /** What the shared draft keeps: the descriptor when the text is JSON, else the text itself. */
  const draftContent = check.ok || check.json ? check.value : text;

  /** Saves the text as the newest version; the editor then shows what the server serves. */
  const save = async (): Promise<SavedPage | null> => {
    if (!id || !check.ok) return null;
    const saved = await run(() =>
      apiPut<SavedPage>(`/pages/${id}`, check.value, { silent: true, headers: editedFrom() }),
    );
    if (saved) await load(true);
    return saved;
  };

  const revert = async (version: number): Promise<SavedPage | null> => {
    if (!id) return null;
    const saved = await run(() =>
      apiPost<SavedPage>(`/pages/${id}/revert`, { version }, { silent: true, headers: editedFrom() }),
    );
    if (saved) await load(true);
    return saved;
  };

  return {
    status,
    history,
    text,
    setText,
    check,
    dirty,
    refusal,
    busy,
    save,
    revert,
    reapplyOnTop,
    adoptDraft,
    draftContent,
    /** The version a publish would name as If-Match (the draft's `baseVersion`). */
    editedFromVersion: basedOn ?? history?.version ?? 0,
    discard: () => {
      setText(baseline);
      setBasedOn(null);
    },
    reload: () => load(),
  };
}
