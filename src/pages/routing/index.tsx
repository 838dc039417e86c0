import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  InputTag,
  Message,
  Modal,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Typography,
} from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '../../../contract/paging';
import type { RoutingRule } from '../../../contract/routing';
import { apiGet, apiPut } from '../../api/request';

interface Option {
  id: number;
  name: string;
}

interface FirmRow {
  lawFirmId?: number;
  weight: number;
  capacity: number;
  openCases?: number;
}

/** A rule as the form holds it: amounts in yuan, firms possibly not chosen yet. */
interface RuleDraft {
  key: string;
  id?: number;
  name: string;
  regionPrefixes: string[];
  minYuan?: number;
  maxYuan?: number;
  creditorIds: number[];
  routeOnApprove: boolean;
  firms: FirmRow[];
}

let drafted = 0;
const newKey = () => `rule-${++drafted}`;

const draftOf = (rule: RoutingRule): RuleDraft => ({
  key: newKey(),
  id: rule.id,
  name: rule.name,
  regionPrefixes: rule.regionPrefixes,
  minYuan: rule.minAmountFen === null ? undefined : rule.minAmountFen / 100,
  maxYuan: rule.maxAmountFen === null ? undefined : rule.maxAmountFen / 100,
  creditorIds: rule.creditorIds,
  routeOnApprove: rule.routeOnApprove,
  firms: rule.firms.map((f) => ({
    lawFirmId: f.lawFirmId,
    weight: f.weight,
    capacity: f.capacity,
    openCases: f.openCases,
  })),
});

const fen = (yuan: number | undefined) => (yuan === undefined ? undefined : Math.round(yuan * 100));

const bodyOf = (rules: RuleDraft[]) => ({
  rules: rules.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    name: r.name.trim(),
    regionPrefixes: r.regionPrefixes,
    ...(r.minYuan !== undefined ? { minAmountFen: fen(r.minYuan) } : {}),
    ...(r.maxYuan !== undefined ? { maxAmountFen: fen(r.maxYuan) } : {}),
    creditorIds: r.creditorIds,
    routeOnApprove: r.routeOnApprove,
    firms: r.firms.map((f) => ({ lawFirmId: f.lawFirmId, weight: f.weight, capacity: f.capacity })),
  })),
});

/**
 * /list/routing-rules (分案规则): the ordered rules that push pooled cases to firms. Each rule
 * matches by region prefix, amount range and creditor and lists its firms with a weight (their
 * shares) and a capacity (the most open cases the firm may hold, its open cases now beside it).
 * The whole list is saved at once, after a confirmation; the server checks every field.
 */
export default function RoutingRulesPage() {
  const { t } = useTranslation();
  const [rules, setRules] = useState<RuleDraft[] | null>(null);
  const [firms, setFirms] = useState<Option[]>([]);
  const [creditors, setCreditors] = useState<Option[]>([]);
  const [saving, setSaving] = useState(false);
  const [changed, setChanged] = useState(false);

  const load = useCallback(async () => {
    const [stored, firmPage, creditorList] = await Promise.all([
      apiGet<{ rules: RoutingRule[] }>('/routing-rules'),
      apiGet<Paged<Option>>('/lawfirms/options', { params: { page: 1, pageSize: 100 } }),
      apiGet<{ list: Option[] }>('/creditors/options'),
    ]);
    setRules(stored.rules.map(draftOf));
    setFirms(firmPage.list);
    setCreditors(creditorList.list);
    setChanged(false);
  }, []);
  useEffect(() => {
    load().catch(() => setRules([]));
  }, [load]);

  const update = (key: string, change: Partial<RuleDraft>) => {
    setRules((list) => (list ?? []).map((r) => (r.key === key ? { ...r, ...change } : r)));
    setChanged(true);
  };
  const move = (index: number, by: number) => {
    setRules((list) => {
      const next = [...(list ?? [])];
      const [rule] = next.splice(index, 1);
      next.splice(index + by, 0, rule);
      return next;
    });
    setChanged(true);
  };
  const add = () => {
    setRules((list) => [
      ...(list ?? []),
      {
        key: newKey(),
        name: '',
        regionPrefixes: [],
        creditorIds: [],
        routeOnApprove: false,
        firms: [{ weight: 1, capacity: 1000 }],
      },
    ]);
    setChanged(true);
  };
  const remove = (rule: RuleDraft) =>
    Modal.confirm({
      title: t('routingPage.removeTitle'),
      content: t('routingPage.removeContent', { name: rule.name || t('routingPage.unnamed') }),
      okButtonProps: { status: 'danger' },
      onOk: () => {
        setRules((list) => (list ?? []).filter((r) => r.key !== rule.key));
        setChanged(true);
      },
    });
  const save = () =>
    Modal.confirm({
      title: t('routingPage.saveTitle'),
      content: t('routingPage.saveContent', { count: rules?.length ?? 0 }),
      onOk: async () => {
        setSaving(true);
        try {
          const saved = await apiPut<{ rules: RoutingRule[] }>('/routing-rules', bodyOf(rules ?? []));
          setRules(saved.rules.map(draftOf));
          setChanged(false);
          Message.success(t('routingPage.saved'));
        } catch {
          // The error catalogue has said which field is wrong.
        } finally {
          setSaving(false);
        }
      },
    });

  if (rules === null) return <Spin block style={{ minHeight: 240 }} />;

  return (
    <Card
      title={t('menu.routingRules')}
      bordered={false}
      extra={
        <Space>
          <Button icon={<IconPlus />} onClick={add}>
            {t('routingPage.add')}
          </Button>
          <Button type="primary" loading={saving} disabled={!changed} onClick={save}>
            {t('routingPage.save')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Alert type="info" content={t('routingPage.intro')} />
        {rules.length === 0 && <Empty description={t('routingPage.empty')} />}
        {rules.map((rule, index) => (
          <Card
            key={rule.key}
            size="small"
            data-testid="routing-rule"
            title={
              <Typography.Text bold>
                {t('routingPage.order', { n: index + 1 })} {rule.name || t('routingPage.unnamed')}
              </Typography.Text>
            }
            extra={
              <Space>
                <Button
                  size="mini"
                  icon={<IconArrowUp />}
                  disabled={index === 0}
                  aria-label={t('routingPage.up')}
                  onClick={() => move(index, -1)}
                />
                <Button
                  size="mini"
                  icon={<IconArrowDown />}
                  disabled={index === rules.length - 1}
                  aria-label={t('routingPage.down')}
                  onClick={() => move(index, 1)}
                />
                <Button size="mini" status="danger" icon={<IconDelete />} onClick={() => remove(rule)}>
                  {t('routingPage.remove')}
                </Button>
              </Space>
            }
          >
            <Form layout="vertical">
              <Space wrap size="large" align="start">
                <Form.Item label={t('routingPage.name')} required style={{ width: 220 }}>
                  <Input maxLength={40} value={rule.name} onChange={(name) => update(rule.key, { name })} />
                </Form.Item>
                <Form.Item
                  label={t('routingPage.regions')}
                  extra={t('routingPage.regionsHint')}
                  style={{ width: 260 }}
                >
                  <InputTag
                    allowClear
                    saveOnBlur
                    value={rule.regionPrefixes}
                    placeholder={t('routingPage.anyRegion')}
                    onChange={(regionPrefixes: string[]) => update(rule.key, { regionPrefixes })}
                  />
                </Form.Item>
                <Form.Item label={t('routingPage.amount')} style={{ width: 300 }}>
                  <Space>
                    <InputNumber
                      min={0}
                      precision={2}
                      placeholder={t('routingPage.noMin')}
                      value={rule.minYuan}
                      onChange={(v) => update(rule.key, { minYuan: v ?? undefined })}
                    />
                    -
                    <InputNumber
                      min={0}
                      precision={2}
                      placeholder={t('routingPage.noMax')}
                      value={rule.maxYuan}
                      onChange={(v) => update(rule.key, { maxYuan: v ?? undefined })}
                    />
                  </Space>
                </Form.Item>
                <Form.Item label={t('routingPage.creditors')} style={{ width: 280 }}>
                  <Select
                    mode="multiple"
                    allowClear
                    placeholder={t('routingPage.anyCreditor')}
                    value={rule.creditorIds}
                    options={creditors.map((c) => ({ label: c.name, value: c.id }))}
                    onChange={(creditorIds: number[]) => update(rule.key, { creditorIds })}
                  />
                </Form.Item>
                <Form.Item label={t('routingPage.onApprove')} extra={t('routingPage.onApproveHint')}>
                  <Switch
                    checked={rule.routeOnApprove}
                    onChange={(routeOnApprove) => update(rule.key, { routeOnApprove })}
                  />
                </Form.Item>
              </Space>
            </Form>
            <Table
              size="small"
              pagination={false}
              data={rule.firms.map((f, i) => ({ ...f, rowKey: `${rule.key}-${i}` }))}
              rowKey="rowKey"
              columns={[
                {
                  title: t('routingPage.firm'),
                  render: (_: unknown, firm: FirmRow, i: number) => (
                    <Select
                      showSearch
                      style={{ width: 260 }}
                      placeholder={t('routingPage.chooseFirm')}
                      value={firm.lawFirmId}
                      options={firms.map((f) => ({ label: f.name, value: f.id }))}
                      onChange={(lawFirmId: number) =>
                        update(rule.key, {
                          firms: rule.firms.map((f, k) =>
                            k === i ? { ...f, lawFirmId, openCases: undefined } : f,
                          ),
                        })
                      }
                    />
                  ),
                },
                {
                  title: t('routingPage.weight'),
                  width: 140,
                  render: (_: unknown, firm: FirmRow, i: number) => (
                    <InputNumber
                      min={1}
                      max={1000}
                      precision={0}
                      value={firm.weight}
                      onChange={(weight) =>
                        update(rule.key, {
                          firms: rule.firms.map((f, k) => (k === i ? { ...f, weight: weight ?? 1 } : f)),
                        })
                      }
                    />
                  ),
                },
                {
                  title: t('routingPage.capacity'),
                  width: 160,
                  render: (_: unknown, firm: FirmRow, i: number) => (
                    <InputNumber
                      min={0}
                      precision={0}
                      value={firm.capacity}
                      onChange={(capacity) =>
                        update(rule.key, {
                          firms: rule.firms.map((f, k) => (k === i ? { ...f, capacity: capacity ?? 0 } : f)),
                        })
                      }
                    />
                  ),
                },
                {
                  title: t('routingPage.openCases'),
                  width: 110,
                  render: (_: unknown, firm: FirmRow) => firm.openCases ?? '—',
                },
                {
                  title: '',
                  width: 80,
                  render: (_: unknown, _firm: FirmRow, i: number) => (
                    <Button
                      size="mini"
                      type="text"
                      status="danger"
                      disabled={rule.firms.length === 1}
                      onClick={() => update(rule.key, { firms: rule.firms.filter((_f, k) => k !== i) })}
                    >
                      {t('routingPage.removeFirm')}
                    </Button>
                  ),
                },
              ]}
            />
            <Button
              type="text"
              size="small"
              icon={<IconPlus />}
              style={{ marginTop: 8 }}
              onClick={() => update(rule.key, { firms: [...rule.firms, { weight: 1, capacity: 1000 }] })}
            >
              {t('routingPage.addFirm')}
            </Button>
          </Card>
        ))}
      </Space>
    </Card>
  );
}
