import { useEffect, useState } from 'react';
import type { Presence, PresentEditor } from '../../../../contract/presence';
import { apiDelete, apiGet, apiPut } from '../../../api/request';
import { presenceSignals } from '../../../layout/navbar/message-stream';

/**
 * Who else has this page or menu open (contract/presence.ts): while `url` is open the editor
 * sends its heartbeat as often as the server asks, reads the list again on the stream's
 * `presence` event, and leaves when it closes (a closed tab simply stops its heartbeat).
 */
export function useEditingPresence(url: string | null): PresentEditor[] {
  const [editors, setEditors] = useState<PresentEditor[]>([]);
  useEffect(() => {
    setEditors([]);
    if (!url) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const take = (answer: Presence) => {
      if (live) setEditors(answer.editors);
      return answer;
    };
    const beat = async () => {
      let seconds = 15;
      try {
        seconds = take(
          await apiPut<Presence>(`${url}/presence`, undefined, { silent: true }),
        ).heartbeatSeconds;
      } catch {
        // Not told who is there this time; the next heartbeat tries again.
      }
      if (live) timer = setTimeout(() => void beat(), seconds * 1000);
    };
    const reread = () => {
      apiGet<Presence>(`${url}/presence`, { silent: true })
        .then(take)
        .catch(() => undefined);
    };
    void beat();
    presenceSignals.addEventListener('presence', reread);
    return () => {
      live = false;
      clearTimeout(timer);
      presenceSignals.removeEventListener('presence', reread);
      apiDelete(`${url}/presence`, { silent: true }).catch(() => undefined);
    };
  }, [url]);
  return editors;
}
