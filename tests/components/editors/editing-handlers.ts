import { http } from 'msw';
import type { PresentEditor } from '../../../contract/presence';
import { type Draft, draftBodySchema } from '../../../contract/versions';
import { ok } from '../../../mocks/envelope';

/**
 * What both editors ask besides the page or menu itself: the shared draft (`<url>/draft`, by
 * URL, e.g. `/pages/case-list`) and who else is editing (`<url>/presence`). Every draft PUT and
 * DELETE is recorded; a draft can be there before the editor opens; `others` are present.
 */
export function editingApi() {
  const drafts = new Map<string, NonNullable<Draft>>();
  const draftPuts: Array<{ url: string; content: unknown; baseVersion: number }> = [];
  const draftDeletes: string[] = [];
  const presence = { others: [] as PresentEditor[], beats: [] as string[], left: [] as string[] };
  const urlOf = (request: Request, tail: string) =>
    new URL(request.url).pathname.replace(/^\/api/, '').slice(0, -tail.length);

  const handlers = ['/api/pages/:id', '/api/menus/:role'].flatMap((base) => [
    http.get(`${base}/draft`, ({ request }) => ok(drafts.get(urlOf(request, '/draft')) ?? null)),
    http.put(`${base}/draft`, async ({ request }) => {
      const url = urlOf(request, '/draft');
      const body = draftBodySchema.parse(await request.json());
      draftPuts.push({ url, content: body.content, baseVersion: body.baseVersion });
      const draft = {
        content: body.content,
        baseVersion: body.baseVersion,
        updatedBy: { id: 1, name: '超级管理员' },
        updatedAt: '2026-03-05T02:30:00.000Z',
      };
      drafts.set(url, draft);
      return ok(draft);
    }),
    http.delete(`${base}/draft`, ({ request }) => {
      const url = urlOf(request, '/draft');
      draftDeletes.push(url);
      drafts.delete(url);
      return ok(null);
    }),
    http.put(`${base}/presence`, ({ request }) => {
      presence.beats.push(urlOf(request, '/presence'));
      return ok({ editors: presence.others, heartbeatSeconds: 15 });
    }),
    http.get(`${base}/presence`, () => ok({ editors: presence.others, heartbeatSeconds: 15 })),
    http.delete(`${base}/presence`, ({ request }) => {
      presence.left.push(urlOf(request, '/presence'));
      return ok({ editors: presence.others, heartbeatSeconds: 15 });
    }),
  ]);

  return {
    handlers,
    drafts,
    draftPuts,
    draftDeletes,
    presence,
    /** A draft someone saved before the editor opened. */
    leaveDraft: (url: string, content: unknown, baseVersion: number, name = '张三') =>
      drafts.set(url, {
        content,
        baseVersion,
        updatedBy: { id: 7, name },
        updatedAt: '2026-03-04T06:15:00.000Z',
      }),
  };
}
