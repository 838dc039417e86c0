import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FieldError } from '../../../../contract/envelope';
import type { MenuNode } from '../../../../contract/menu';
import type { MenuVersion, RoleMenu } from '../../../../contract/menu-api';
import type { Role } from '../../../../contract/roles';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../../../contract/routes';
import {
  type Draft,
  etagOf,
  type VersionConflict,
  versionConflictSchema,
} from '../../../../contract/versions';
import { ApiFailure, apiGet, apiPost, apiPut } from '../../../api/request';
import { draftOf, type MenuDraft, sortByOrder, treeForSave } from './tree-model';

export type DraftStatus = 'loading' | 'ready' | 'failed';

/** A server refusal of the last save, kept with the tree that was sent so paths can be resolved. */
export interface SaveRefusal {
  message: string;
  errors: FieldError[];
  sent: MenuNode[];
  /** A 409: the newer version the save did not overwrite, who saved it and when. */
  conflict?: VersionConflict;
}

const sameTree = (a: MenuNode[], b: MenuNode[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One role's menu as the editor holds it: what the server has (`saved`), the draft being
 * edited, whether they differ, and the server calls (load, save, reset, restore).
 */
export function useMenuDraft(role: Role) {
  const [status, setStatus] = useState<DraftStatus>('loading');
  const [saved, setSaved] = useState<RoleMenu | null>(null);
  const [draft, setDraft] = useState<MenuDraft>({ tree: [], removed: new Set() });
  const [refusal, setRefusal] = useState<SaveRefusal | null>(null);
  const [busy, setBusy] = useState(false);
  /** Set by reapplyOnTop: the newer version the edit is now published over. */
  const [basedOn, setBasedOn] = useState<number | null>(null);
  /** The version the edit started from, as the publish's If-Match (ARCHITECTURE §8 "Editing"). */
  const editedFrom = () => ({ 'If-Match': etagOf(basedOn ?? saved?.version ?? 0) });

  const adopt = useCallback((menu: RoleMenu) => {
    setSaved(menu);
    setDraft(draftOf(menu.tree, filterMenuForRole(DEFAULT_ROUTES, menu.role)));
    setRefusal(null);
    setBasedOn(null);
    setStatus('ready');
  }, []);

  /** Keeps the edit and publishes it next over the newer version a 409 named. */
  const reapplyOnTop = (conflict: VersionConflict) => {
    setBasedOn(conflict.version);
    setRefusal(null);
  };

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setStatus('loading');
      try {
        adopt(await apiGet<RoleMenu>(`/menus/${role}`, { signal }));
      } catch {
        if (!signal?.aborted) setStatus('failed');
      }
    },
    [role, adopt],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const dirty = useMemo(
    () => saved !== null && !sameTree(treeForSave(draft), sortByOrder(saved.tree)),
    [draft, saved],
  );

  /** A refused publish, kept with the tree it sent; a 409 with the newer version it did not overwrite. */
  const refuse = (error: unknown, sent: MenuNode[]) => {
    const failure = error instanceof ApiFailure ? error : null;
    const stale = failure?.status === 409 ? versionConflictSchema.safeParse(failure.data) : null;
    setRefusal({
      message: failure?.msg ?? String(error),
      errors: failure?.errors ?? [],
      sent,
      ...(stale?.success ? { conflict: stale.data } : {}),
    });
  };

  /** Resolves true when saved; a refusal is kept in `refusal` for the tree to show. */
  const save = async (): Promise<boolean> => {
    const sent = treeForSave(draft);
    setBusy(true);
    try {
      adopt(
        await apiPut<RoleMenu>(`/menus/${role}`, { tree: sent }, { silent: true, headers: editedFrom() }),
      );
      return true;
    } catch (error) {
      refuse(error, sent);
      return false;
    } finally {
      setBusy(false);
    }
  };

  /**
   * Publishes an earlier version again as the newest (`POST /menus/:role/revert`, If-Match);
   * refused as stale, the newer version is compared with the one being restored.
   */
  const restore = async (version: MenuVersion): Promise<RoleMenu | null> => {
    setBusy(true);
    try {
      const menu = await apiPost<RoleMenu>(
        `/menus/${role}/revert`,
        { version: version.version },
        { silent: true, headers: editedFrom() },
      );
      adopt(menu);
      return menu;
    } catch (error) {
      refuse(error, (version.tree as MenuNode[] | null) ?? filterMenuForRole(DEFAULT_ROUTES, role));
      return null;
    } finally {
      setBusy(false);
    }
  };

  /**
   * Shows the shared draft found on opening in place of the published menu; a draft started
   * from an older version is published over that one (a 409 then shows the difference).
   */
  const adoptDraft = (found: NonNullable<Draft>) => {
    if (!saved || !Array.isArray(found.content)) return;
    setDraft(draftOf(found.content as MenuNode[], filterMenuForRole(DEFAULT_ROUTES, saved.role)));
    setBasedOn(found.baseVersion !== saved.version ? found.baseVersion : null);
  };

  const reset = async (): Promise<boolean> => {
    setBusy(true);
    try {
      adopt(await apiPost<RoleMenu>(`/menus/${role}/reset`, undefined, { headers: editedFrom() }));
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  return {
    status,
    saved,
    draft,
    setDraft,
    dirty,
    refusal,
    busy,
    load,
    save,
    reset,
    restore,
    reapplyOnTop,
    adoptDraft,
    /** The version a publish would name as If-Match (the draft's `baseVersion`). */
    editedFromVersion: basedOn ?? saved?.version ?? 0,
  };
}
