import { Button, Empty, List, Spin, Tabs, Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../contract/dates';
import type { MESSAGE_TYPES, Message } from '../../../contract/notifications';

type MessageType = (typeof MESSAGE_TYPES)[number];

import { LoadFailed } from '../../../ui-registry';
import { appLinkOf } from './message-link';

/** `GET /api/message/list`: the user's messages and how many are unread. */
export interface Messages {
  list: Message[];
  unread: number;
}

interface Props {
  data: Messages | null;
  loading: boolean;
  failed: boolean;
  onMarkRead: (ids: number[]) => void;
  /** A message clicked: mark it read and, when it has a link, go where the reader acts. */
  onOpen: (message: Message) => void;
  onRetry: () => void;
}

/** The tabs in the order a reader works through them: what asks them to act comes first. */
const TAB_ORDER: readonly MessageType[] = ['todo', 'notice', 'message'];

/** The tab the popup opens on: the first with something unread, else the to-dos. */
function firstUnreadTab(list: readonly Message[]): MessageType {
  return TAB_ORDER.find((type) => list.some((m) => m.type === type && m.status === 0)) ?? 'todo';
}

/**
 * The bell's popup: messages by type; click one to mark it read and open its link, or mark all. Its own chunk
 * (Tabs, List and its pagination): it loads when the bell is first opened.
 */
export default function MessageList({ data, loading, failed, onMarkRead, onOpen, onRetry }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Spin loading={loading} style={{ display: 'block' }}>
      {failed ? (
        <LoadFailed size="inline" title={t('messageBox.loadFailed')} onRetry={onRetry} />
      ) : (
        <Tabs
          size="small"
          activeTab={chosen ?? firstUnreadTab(data?.list ?? [])}
          onChange={setChosen}
          extra={
            <Button
              type="text"
              size="mini"
              disabled={!data?.unread}
              onClick={() => onMarkRead((data?.list ?? []).filter((m) => m.status === 0).map((m) => m.id))}
            >
              {t('messageBox.markAllRead')}
            </Button>
          }
        >
          {TAB_ORDER.map((type) => {
            const items = (data?.list ?? []).filter((m) => m.type === type);
            const unread = items.filter((m) => m.status === 0).length;
            return (
              <Tabs.TabPane
                key={type}
                title={
                  <span>
                    {t(`enum.messageType.${type}`)}
                    {unread > 0 && <span className="message-box-count">({unread})</span>}
                  </span>
                }
              >
                {items.length === 0 ? (
                  <Empty description={t('messageBox.empty')} />
                ) : (
                  <List
                    size="small"
                    dataSource={items.slice(0, 20)}
                    render={(item: Message) => (
                      <List.Item
                        key={item.id}
                        className={item.status === 0 ? 'message-unread' : 'message-read'}
                        onClick={() => onOpen(item)}
                      >
                        <List.Item.Meta
                          title={
                            <span>
                              <MessageTitle item={item} />{' '}
                              {item.status === 0 && (
                                <Tag size="small" color="red">
                                  •
                                </Tag>
                              )}
                            </span>
                          }
                          description={
                            <span>
                              {item.content}
                              <br />
                              <span className="message-time">{formatDateTime(item.createdAt)}</span>
                            </span>
                          }
                        />
                      </List.Item>
                    )}
                  />
                )}
              </Tabs.TabPane>
            );
          })}
        </Tabs>
      )}
    </Spin>
  );
}

/** The title, as a link to the route where the reader acts when the message has one. */
function MessageTitle({ item }: { item: Message }) {
  const link = appLinkOf(item.link);
  if (!link) return <>{item.title}</>;
  return (
    // The item's own click marks it read and navigates, once: the link only shows where it goes.
    <Link to={link} onClick={(event) => event.preventDefault()}>
      {item.title}
    </Link>
  );
}
