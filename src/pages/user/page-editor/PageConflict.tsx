import { useEffect, useState } from 'react';
import type { PageHistory } from '../../../../contract/page-api';
import type { VersionConflict } from '../../../../contract/versions';
import { apiGet } from '../../../api/request';
import { ConflictPanel } from '../versions/ConflictPanel';

/** A page publish refused as stale: the newer version fetched from the history, compared with this edit. */
export function PageConflict({
  pageId,
  conflict,
  mine,
  onReapply,
}: {
  pageId: string;
  conflict: VersionConflict;
  mine: unknown;
  onReapply(): void;
}) {
  const [theirs, setTheirs] = useState<unknown>(undefined);
  useEffect(() => {
    let live = true;
    apiGet<PageHistory>(`/pages/${pageId}/history`, { silent: true })
      .then((history) => {
        if (live) setTheirs(history.list.find((v) => v.version === conflict.version)?.descriptor ?? null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pageId, conflict.version]);
  return <ConflictPanel conflict={conflict} theirs={theirs} mine={mine} onReapply={onReapply} />;
}
