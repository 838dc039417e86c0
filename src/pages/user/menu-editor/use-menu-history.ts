import { useCallback, useEffect, useState } from 'react';
import type { MenuHistory } from '../../../../contract/menu-api';
import type { Role } from '../../../../contract/roles';
import { apiGet } from '../../../api/request';

/**
 * `GET /api/menus/:role/history`: every published version of the role's menu, newest first,
 * read again whenever the published version changes (a save, reset or restore here).
 */
export function useMenuHistory(role: Role, published: number | null) {
  const [history, setHistory] = useState<MenuHistory | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `published` and `attempt` are what make it read again
  useEffect(() => {
    if (published === null) return;
    let live = true;
    setFailed(false);
    apiGet<MenuHistory>(`/menus/${role}/history`, { silent: true })
      .then((answer) => live && setHistory(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [role, published, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { history: history?.role === role ? history : null, failed, retry };
}
