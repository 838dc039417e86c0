import { useEffect, useState } from 'react';
import type { MenuHistory } from '../../../../contract/menu-api';
import type { Role } from '../../../../contract/roles';
import type { VersionConflict } from '../../../../contract/versions';
import { apiGet } from '../../../api/request';
import { ConflictPanel } from '../versions/ConflictPanel';

/** A menu publish refused as stale: the newer version fetched from the history, compared with this edit. */
export function MenuConflict({
  role,
  conflict,
  mine,
  onReapply,
}: {
  role: Role;
  conflict: VersionConflict;
  mine: unknown;
  onReapply(): void;
}) {
  const [theirs, setTheirs] = useState<unknown>(undefined);
  useEffect(() => {
    let live = true;
    apiGet<MenuHistory>(`/menus/${role}/history`, { silent: true })
      .then((history) => {
        if (live) setTheirs(history.list.find((v) => v.version === conflict.version)?.tree ?? null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [role, conflict.version]);
  return <ConflictPanel conflict={conflict} theirs={theirs} mine={mine} onReapply={onReapply} />;
}
