import {
  Badge,
  Button,
  Card,
  Empty,
  Form,
  Grid,
  Input,
  Message,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnProps,
  Tag,
} from '@arco-design/web-react';
import { IconPlus, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Paged } from '../../../../contract/paging';
import { ROLES } from '../../../../contract/roles';
import type { UserSummary } from '../../../../contract/users';
import { apiGet, apiPost, apiPut } from '../../../api/request';
import { useSession } from '../../../session/session';
import { formatDateTime } from '../format';
import { CreateUserModal } from './CreateUserModal';
import { type IssuedPassword, OneTimePassword } from './OneTimePassword';
import { type AccountQuery, apiParams, readAccountQuery, writeAccountQuery } from './query';
import { UserDetailDrawer } from './UserDetailDrawer';

interface FilterFields {
  role?: string;
  phone?: string;
  name?: string;
  enabled?: 'true' | 'false';
}

/** /user/account (superAdmin): the user table, its filters in the URL, and the account actions. */
export default function AccountManagement() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const [search, setSearch] = useSearchParams();
  const searchKey = search.toString();
  const query = useMemo(() => readAccountQuery(new URLSearchParams(searchKey)), [searchKey]);
  const [filters] = Form.useForm<FilterFields>();
  const [data, setData] = useState<Paged<UserSummary>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);

  const load = useCallback(async (q: AccountQuery) => {
    setLoading(true);
    try {
      setData(await apiGet<Paged<UserSummary>>('/users', { params: apiParams(q) }));
    } catch {
      setData({ list: [], total: 0 });
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    filters.setFieldsValue({
      role: query.role,
      phone: query.phone,
      name: query.name,
      enabled: query.enabled,
    });
    void load(query);
  }, [query, load, filters]);

  const go = (next: AccountQuery) => setSearch(writeAccountQuery(next));
  const reload = () => load(query);

  const applyFilters = (values: FilterFields) =>
    go({
      role: values.role || undefined,
      phone: values.phone?.trim() || undefined,
      name: values.name?.trim() || undefined,
      enabled: values.enabled,
      page: 1,
      pageSize: query.pageSize,
    });

  const resetFilters = () => {
    filters.resetFields();
    go({ page: 1, pageSize: query.pageSize });
  };

  const toggleEnabled = async (user: UserSummary) => {
    try {
      const { enabled } = await apiPut<{ enabled: boolean }>(`/users/enable/${user.id}`);
      Message.success(
        enabled
          ? t('userAccount.enabledOk', { name: user.name })
          : t('userAccount.disabledOk', { name: user.name }),
      );
      await reload();
    } catch {
      // Shown by the error catalogue.
    }
  };

  const randomPassword = async (user: UserSummary) => {
    try {
      const { password } = await apiPost<{ password: string }>(`/user/random-password/${user.id}`);
      setIssued({ reason: 'reset', name: user.name, phone: user.phone, password });
    } catch {
      // Shown by the error catalogue.
    }
  };

  const columns: TableColumnProps<UserSummary>[] = [
    { title: t('userAccount.column.accountId'), dataIndex: 'accountId', width: 140 },
    { title: t('userAccount.column.name'), dataIndex: 'name', width: 110 },
    { title: t('userAccount.column.phone'), dataIndex: 'phone', width: 130 },
    {
      title: t('userAccount.column.role'),
      dataIndex: 'role',
      width: 120,
      render: (_, u) => <Tag color="arcoblue">{t(`enum.role.${u.role}`)}</Tag>,
    },
    {
      title: t('userAccount.column.lawFirm'),
      dataIndex: 'lawFirmName',
      width: 180,
      ellipsis: true,
      tooltip: true,
      render: (v: string | null) => v ?? '-',
    },
    {
      title: t('userAccount.column.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (_, u) => (
        <Badge status={u.enabled ? 'success' : 'default'} text={t(`enum.enabled.${u.enabled}`)} />
      ),
    },
    { title: t('userAccount.column.devices'), dataIndex: 'boundDevices', align: 'right', width: 90 },
    {
      title: t('userAccount.column.registeredAt'),
      dataIndex: 'registeredAt',
      width: 180,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('common.actions'),
      dataIndex: 'id',
      fixed: 'right',
      width: 220,
      render: (_, u) => {
        const self = u.id === userInfo?.id;
        return (
          <Space size={0}>
            <Button type="text" size="small" onClick={() => setDetailId(u.id)}>
              {t('userAccount.action.detail')}
            </Button>
            <Popconfirm
              focusLock
              title={
                u.enabled
                  ? t('userAccount.disableConfirm', { name: u.name })
                  : t('userAccount.enableConfirm', { name: u.name })
              }
              content={u.enabled ? t('userAccount.disableConfirmDetail') : undefined}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onOk={() => toggleEnabled(u)}
              disabled={self}
            >
              <Button type="text" size="small" status={u.enabled ? 'warning' : 'success'} disabled={self}>
                {u.enabled ? t('userAccount.action.disable') : t('userAccount.action.enable')}
              </Button>
            </Popconfirm>
            <Popconfirm
              focusLock
              title={t('userAccount.randomConfirm', { name: u.name })}
              content={t('userAccount.randomConfirmDetail')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onOk={() => randomPassword(u)}
            >
              <Button type="text" size="small" status="danger">
                {t('userAccount.action.randomPassword')}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <Card title={t('menu.userAccount')} bordered={false}>
      <Form
        form={filters}
        layout="horizontal"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 18 }}
        labelAlign="left"
        onSubmit={applyFilters}
        autoComplete="off"
      >
        <Grid.Row gutter={24} align="start">
          <Grid.Col flex={1}>
            <Grid.Row gutter={24}>
              <Grid.Col xs={24} md={12} xl={6}>
                <Form.Item label={t('userAccount.column.role')} field="role">
                  <Select allowClear placeholder={t('userAccount.filter.allRoles')}>
                    {ROLES.map((r) => (
                      <Select.Option key={r} value={r}>
                        {t(`enum.role.${r}`)}
                      </Select.Option>
                    ))}
                  </Select>
                </Form.Item>
              </Grid.Col>
              <Grid.Col xs={24} md={12} xl={6}>
                <Form.Item label={t('userAccount.column.phone')} field="phone">
                  <Input allowClear maxLength={20} placeholder={t('userAccount.filter.phonePlaceholder')} />
                </Form.Item>
              </Grid.Col>
              <Grid.Col xs={24} md={12} xl={6}>
                <Form.Item label={t('userAccount.column.name')} field="name">
                  <Input allowClear maxLength={30} placeholder={t('userAccount.filter.namePlaceholder')} />
                </Form.Item>
              </Grid.Col>
              <Grid.Col xs={24} md={12} xl={6}>
                <Form.Item label={t('userAccount.column.enabled')} field="enabled">
                  <Select allowClear placeholder={t('userAccount.filter.allStates')}>
                    <Select.Option value="true">{t('enum.enabled.true')}</Select.Option>
                    <Select.Option value="false">{t('enum.enabled.false')}</Select.Option>
                  </Select>
                </Form.Item>
              </Grid.Col>
            </Grid.Row>
          </Grid.Col>
          <Grid.Col flex="none">
            <Space>
              <Button type="primary" htmlType="submit" icon={<IconSearch />}>
                {t('common.search')}
              </Button>
              <Button icon={<IconRefresh />} onClick={resetFilters}>
                {t('common.reset')}
              </Button>
            </Space>
          </Grid.Col>
        </Grid.Row>
      </Form>
      <div style={{ margin: '4px 0 16px' }}>
        <Button type="primary" icon={<IconPlus />} onClick={() => setCreating(true)}>
          {t('userAccount.create.button')}
        </Button>
      </div>
      <Table
        rowKey="id"
        columns={columns}
        data={data.list}
        loading={loading}
        // Laid out to the columns' own widths, so the fixed actions cover none of them.
        scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width), 0) }}
        noDataElement={<Empty description={t('userAccount.empty')} />}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: data.total,
          showTotal: (total: number) => t('common.total', { total }),
          sizeCanChange: true,
          sizeOptions: [10, 20, 50, 100],
        }}
        onChange={(pagination) =>
          go({
            ...query,
            page: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? query.pageSize,
          })
        }
      />
      <CreateUserModal
        visible={creating}
        onCancel={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setIssued({
            reason: 'created',
            name: created.user.name,
            phone: created.user.phone,
            password: created.initialPassword,
          });
          void reload();
        }}
      />
      <OneTimePassword issued={issued} onClose={() => setIssued(null)} />
      <UserDetailDrawer userId={detailId} onClose={() => setDetailId(null)} onChanged={() => void reload()} />
    </Card>
  );
}
