import { Badge, Button, Popover, Spin, Tooltip } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet, apiPost } from '../../api/request';
import type { Messages } from './MessageList';

const MessageListView = lazy(() => import('./MessageList'));

/** The navbar bell: unread count up front; the messages by type, and marking them read, in its popup. */
export function MessageBox() {
  const { t } = useTranslation();
  const [data, setData] = useState<Messages | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await apiGet<Messages>('/message/list', { silent: true }));
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const markRead = async (ids: number[]) => {
    if (ids.length === 0) return;
    await apiPost('/message/read', { ids });
    await load();
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
          onRetry={() => void load()}
        />
      </Suspense>
    </div>
  );

  return (
    <Popover trigger="click" content={content} position="br" onVisibleChange={(visible) => visible && load()}>
      <Tooltip content={t('navbar.messages')}>
        <Badge count={data?.unread ?? 0} dot={false} maxCount={99}>
          <Button shape="circle" icon={<IconNotification />} aria-label={t('navbar.messages')} />
        </Badge>
      </Tooltip>
    </Popover>
  );
}
