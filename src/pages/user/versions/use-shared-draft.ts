import { useCallback, useEffect, useRef, useState } from 'react';
import type { Draft } from '../../../../contract/versions';
import { apiDelete, apiGet, apiPut } from '../../../api/request';

/** How long the editor waits after the last keystroke before it saves the draft. */
export const AUTOSAVE_MS = 1500;

export type AutosaveState = 'idle' | 'saving' | 'saved' | 'failed';

interface Options {
  /** `/pages/:id` or `/menus/:role`; null while nothing is open. */
  url: string | null;
  /** True once the editor holds the published version (the draft is read after it). */
  loaded: boolean;
  /** The work in progress as it would be stored; compared by its JSON. */
  content: unknown;
  /** It differs from what is published (not dirty: there is nothing to keep). */
  dirty: boolean;
  /** The version the edit started from (the draft's `baseVersion`). */
  baseVersion: number;
  /** A draft found on opening: the editor shows it in place of the published version. */
  onFound(draft: NonNullable<Draft>): void;
}

/**
 * The editors' one shared draft (`GET|PUT|DELETE <url>/draft`, ARCHITECTURE §8 "Editing"): read
 * once when a page or menu is opened (a draft found is handed to the editor, with whose it is),
 * saved AUTOSAVE_MS after the edit stops changing, forgotten when the edit is back to what is
 * published or discarded on purpose. Publishing forgets it on the server; `published()` says so.
 */
export function useSharedDraft({ url, loaded, content, dirty, baseVersion, onFound }: Options) {
  const [state, setState] = useState<AutosaveState>('idle');
  /** The draft as the server last answered (who saved it and when), null: none. */
  const [stored, setStored] = useState<Draft>(null);
  /** The draft found on opening, until it is published, discarded or replaced by a new edit's. */
  const [restored, setRestored] = useState<Draft>(null);
  const lastSent = useRef<string | null>(null);
  const found = useRef(onFound);
  found.current = onFound;

  // Read the draft once per opened page or menu, after its published version; nothing is
  // autosaved before that read is answered (it would overwrite the draft unseen).
  const asked = useRef<string | null>(null);
  const [readFor, setReadFor] = useState<string | null>(null);
  useEffect(() => {
    if (!url || !loaded || asked.current === url) return;
    asked.current = url;
    setReadFor(null);
    setState('idle');
    setStored(null);
    setRestored(null);
    lastSent.current = null;
    apiGet<Draft>(`${url}/draft`, { silent: true })
      .then((draft) => {
        if (asked.current !== url || !draft) return;
        lastSent.current = JSON.stringify(draft.content);
        setStored(draft);
        setRestored(draft);
        found.current(draft);
      })
      .catch(() => undefined)
      .finally(() => {
        if (asked.current === url) setReadFor(url);
      });
  }, [url, loaded]);

  /** Deletes the shared draft and forgets it here (undone back to the published version, or discarded). */
  const dropShared = useCallback(async (draftUrl: string) => {
    await apiDelete<Draft>(`${draftUrl}/draft`, { silent: true });
    lastSent.current = null;
    setStored(null);
    setRestored(null);
    setState('idle');
  }, []);
  const text = JSON.stringify(content ?? null);
  const ready = !!url && loaded && readFor === url;
  useEffect(() => {
    if (!ready || !url) return;
    // Nothing to keep: an edit undone forgets a draft it had saved.
    if (!dirty && lastSent.current === null) return;
    if (dirty && text === lastSent.current) return;
    const timer = setTimeout(async () => {
      setState('saving');
      try {
        if (dirty) {
          const saved = await apiPut<Draft>(
            `${url}/draft`,
            { content: JSON.parse(text), baseVersion },
            { silent: true },
          );
          lastSent.current = text;
          setStored(saved);
          setState('saved');
        } else {
          await dropShared(url);
        }
      } catch {
        setState('failed');
      }
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [ready, url, text, dirty, baseVersion, dropShared]);

  /** Throws the shared draft away (the editor goes back to the published version itself). */
  const discard = useCallback(async () => {
    if (!url) return;
    try {
      await dropShared(url);
    } catch {
      setState('failed');
    }
  }, [url, dropShared]);

  /** The draft was published (the server forgot it with the publish). */
  const published = useCallback(() => {
    lastSent.current = null;
    setStored(null);
    setRestored(null);
    setState('idle');
  }, []);

  return { state, stored, restored, discard, published };
}
