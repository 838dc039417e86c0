import { Badge, Button, Popover, Spin, Tooltip } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Message } from '../../../contract/notifications';
import { apiGet, apiPost } from '../../api/request';
import { announceDataChange } from '../../app/data-changes';
import type { Messages } from './MessageList';
import { appLinkOf } from './message-link';
import { followMessages } from './message-stream';

const MessageListView = lazy(() => import('./MessageList'));

/** A message that arrived on the stream, put in front of the list (once) and counted if unread. */
function withArrived(data: Messages | null, message: Message): Messages {
  const list = data?.list ?? [];
  if (list.some((m) => m.id === message.id)) return data ?? { list, unread: 0 };
  return { list: [message, ...list], unread: (data?.unread ?? 0) + (message.status === 0 ? 1 : 0) };
}

/**
 * The navbar bell: unread count up front, kept current by the live message stream; the
 * messages by type in its popup, where opening one marks it read and goes to its link.
 */
export function MessageBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [data, setData] = useState<Messages | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const loaded = await apiGet<Messages>('/message/list', { silent: true });
      setData(loaded);
      setFailed(false);
      return loaded;
    } catch {
      setFailed(true);
      return null;
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let unmounted = false;
    void load().then((loaded) => {
      if (unmounted) return;
      // The stream resumes after the newest message the list has, so none is lost in between.
      const after = loaded ? Math.max(0, ...loaded.list.map((m) => m.id)) : null;
      stop = followMessages({
        after,
        onMessage: (message) => {
          setData((prev) => withArrived(prev, message));
          // Another person's decision reached this user: what is on screen reads itself again.
          announceDataChange();
        },
      });
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [load]);

  const markRead = async (ids: number[]) => {
    if (ids.length === 0) return;
    await apiPost('/message/read', { ids });
    await load();
  };

  const openMessage = async (message: Message) => {
    const link = appLinkOf(message.link);
    if (link) {
      setOpen(false);
      navigate(link);
    }
    if (message.status === 0) await markRead([message.id]);
  };

  // Popover renders its content only once opened: that is when the list's chunk loads.
  const content = (
    <div className="message-box">
      <Suspense fallback={<Spin block className="message-box-loading" />}>
        <MessageListView
          data={data}
          loading={loading}
          failed={failed}
          onMarkRead={(ids) => void markRead(ids)}
          onOpen={(message) => void openMessage(message)}
          onRetry={() => void load()}
        />
      </Suspense>
    </div>
  );

  return (
    <Popover
      trigger="click"
      content={content}
      // Arco caps a popover at 350 px; the list is wider, so the popup takes its width from the box.
      className="message-box-popup"
      style={{ maxWidth: 'none' }}
      position="br"
      popupVisible={open}
      onVisibleChange={(visible) => {
        setOpen(visible);
        if (visible) void load();
      }}
    >
      <Tooltip content={t('navbar.messages')}>
        <Badge count={data?.unread ?? 0} dot={false} maxCount={99}>
          <Button shape="circle" icon={<IconNotification />} aria-label={t('navbar.messages')} />
        </Badge>
      </Tooltip>
    </Popover>
  );
}
