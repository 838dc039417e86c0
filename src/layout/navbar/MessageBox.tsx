import { Badge, Button, Empty, List, Popover, Spin, Tabs, Tag, Tooltip } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_TYPES, type Message } from '../../../contract/notifications';
import { apiGet, apiPost } from '../../api/request';

interface MessageList {
  list: Message[];
  unread: number;
}

/** The navbar bell: unread count, messages by type, mark read. */
export function MessageBox() {
  const { t } = useTranslation();
  const [data, setData] = useState<MessageList | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await apiGet<MessageList>('/message/list', { silent: true }));
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

  const content = (
    <div className="message-box">
      <Spin loading={loading} style={{ display: 'block' }}>
        {failed ? (
          <Empty description={t('messageBox.loadFailed')} />
        ) : (
          <Tabs
            size="small"
            extra={
              <Button
                type="text"
                size="mini"
                disabled={!data?.unread}
                onClick={() => markRead((data?.list ?? []).filter((m) => m.status === 0).map((m) => m.id))}
              >
                {t('messageBox.markAllRead')}
              </Button>
            }
          >
            {MESSAGE_TYPES.map((type) => {
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
                          onClick={() => item.status === 0 && markRead([item.id])}
                        >
                          <List.Item.Meta
                            title={
                              <span>
                                {item.title}{' '}
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
                                <span className="message-time">
                                  {new Date(item.createdAt).toLocaleString()}
                                </span>
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
