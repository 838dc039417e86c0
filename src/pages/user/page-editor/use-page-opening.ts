import { useEffect, useState } from 'react';
import type { PagePreview } from '../../../../contract/page-api';
import type { Role } from '../../../../contract/roles';
import { apiPost } from '../../../api/request';

export type PageOpening = { status: 'checking' } | { status: 'failed' } | ({ status: 'known' } & PagePreview);

/**
 * Whether `role` would open page `pageId` as edited: the server's own check for
 * GET /api/pages/:id (its rule, then the role's menu), asked by POST /api/pages/:id/preview.
 */
export function usePageOpening(pageId: string, role: Role, descriptor: unknown): PageOpening {
  const [opening, setOpening] = useState<PageOpening>({ status: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    setOpening({ status: 'checking' });
    apiPost<PagePreview>(
      `/pages/${pageId}/preview`,
      { role, descriptor },
      { silent: true, signal: controller.signal },
    )
      .then((answer) => setOpening({ status: 'known', ...answer }))
      .catch(() => {
        if (!controller.signal.aborted) setOpening({ status: 'failed' });
      });
    return () => controller.abort();
  }, [pageId, role, descriptor]);
  return opening;
}
