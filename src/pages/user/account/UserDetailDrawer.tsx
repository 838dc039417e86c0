import {
  Badge,
  Button,
  Descriptions,
  Divider,
  Drawer,
  Empty,
  Message,
  Popconfirm,
  Spin,
  Table,
  type TableColumnProps,
  Typography,
} from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { deviceSchema, userDetailSchema } from '../../../../contract/users';
import { LoadFailed } from '../../../../ui-registry';
import { apiGet, apiPost } from '../../../api/request';
import { formatDateTime } from '../format';

type UserDetail = z.infer<typeof userDetailSchema>;
type Device = z.infer<typeof deviceSchema>;

interface UserDetailDrawerProps {
  userId: number | null;
  onClose: () => void;
  /** A device was unbound: the table's device count changed. */
  onChanged: () => void;
}

export function UserDetailDrawer({ userId, onClose, onChanged }: UserDetailDrawerProps) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<UserDetail | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async (id: number) => {
    try {
      setDetail(await apiGet<UserDetail>('/user-info', { params: { id } }));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    setDetail(null);
    setFailed(false);
    if (userId !== null) void load(userId);
  }, [userId, load]);

  const unbind = async (device: Device) => {
    try {
      await apiPost('/unbind', { deviceId: device.id });
      Message.success(t('userAccount.detail.unbound'));
      onChanged();
    } catch {
      // Shown by the error catalogue; the reload below shows the current devices.
    }
    if (userId !== null) await load(userId);
  };

  const columns: TableColumnProps<Device>[] = [
    { title: t('userAccount.detail.deviceName'), dataIndex: 'deviceName' },
    {
      title: t('userAccount.detail.deviceType'),
      dataIndex: 'deviceType',
      render: (value: string) => t(`enum.deviceType.${value}`, { defaultValue: value }),
    },
    {
      title: t('userAccount.detail.lastActiveAt'),
      dataIndex: 'lastActiveAt',
      render: (value: string | null) => formatDateTime(value),
    },
    {
      title: t('common.actions'),
      dataIndex: 'id',
      render: (_, device) => (
        <Popconfirm
          focusLock
          title={t('userAccount.detail.unbindConfirm', { device: device.deviceName })}
          content={t('userAccount.detail.unbindConfirmDetail')}
          okText={t('userAccount.detail.unbind')}
          cancelText={t('common.cancel')}
          onOk={() => unbind(device)}
        >
          <Button type="text" size="small" status="danger">
            {t('userAccount.detail.unbind')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Drawer
      width={640}
      title={t('userAccount.detail.title')}
      visible={userId !== null}
      onCancel={onClose}
      footer={null}
      unmountOnExit
    >
      {failed ? (
        <LoadFailed
          title={t('userAccount.detail.loadFailed')}
          onRetry={() => userId !== null && load(userId)}
        />
      ) : !detail ? (
        <Spin loading tip={t('common.loading')} style={{ display: 'block', padding: 48 }} />
      ) : (
        <>
          <Descriptions
            column={2}
            border
            labelStyle={{ width: 110 }}
            data={[
              { label: t('userAccount.column.name'), value: detail.name },
              { label: t('userAccount.column.phone'), value: detail.phone },
              { label: t('userAccount.column.role'), value: t(`enum.role.${detail.role}`) },
              {
                label: t('userAccount.column.enabled'),
                value: (
                  <Badge
                    status={detail.enabled ? 'success' : 'default'}
                    text={t(`enum.enabled.${detail.enabled}`)}
                  />
                ),
              },
              { label: t('userAccount.column.accountId'), value: detail.accountId },
              { label: t('userAccount.column.lawFirm'), value: detail.lawFirmName ?? '-' },
              { label: t('userAccount.detail.email'), value: detail.email ?? '-' },
              { label: t('userAccount.detail.nickname'), value: detail.nickname ?? '-' },
              {
                label: t('userAccount.detail.certification'),
                value: t(`userSetting.certState.${detail.certification}`),
              },
              {
                label: t('userAccount.column.registeredAt'),
                value: formatDateTime(detail.registeredAt),
              },
            ]}
          />
          <Divider orientation="left">
            <Typography.Text bold>
              {t('userAccount.detail.devices', { count: detail.devices.length })}
            </Typography.Text>
          </Divider>
          <Table
            rowKey="id"
            size="small"
            columns={columns}
            data={detail.devices}
            pagination={false}
            noDataElement={<Empty description={t('userAccount.detail.noDevices')} />}
          />
        </>
      )}
    </Drawer>
  );
}
