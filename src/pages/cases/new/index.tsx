import {
  Alert,
  Button,
  Card,
  Cascader,
  DatePicker,
  Form,
  Input,
  Message,
  Select,
  Space,
} from '@arco-design/web-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CaseRow } from '../../../../contract/case-api';
import { type CaseIntake, caseIntakeSchema } from '../../../../contract/case-intake';
import { CASE_TYPES } from '../../../../contract/cases';
import { regionTree } from '../../../../contract/regions';
import { apiPost } from '../../../api/request';
import { requiredRule, showFieldErrors } from '../../user/form-rules';
import { intakeRule } from '../intake-rules';
import { ClaimParts, claimFen } from './claim-parts';

/** The form's values: the claim's parts in yuan, as typed (the amount is their sum); the region as its code. */
type Fields = Omit<CaseIntake, 'amountFen'>;

const shape = caseIntakeSchema.shape;

function regionPath(code: string | undefined): string[] | undefined {
  if (!code) return undefined;
  const province = `${code.slice(0, 2)}0000`;
  const city = `${code.slice(0, 4)}00`;
  return code === province ? [code] : code === city ? [province, code] : [province, city, code];
}

/**
 * /list/case-new: one case entered by hand. The fields are judged by the server's own schema
 * (contract/case-intake.ts) before sending; what only the server knows (a case number already
 * used) comes back next to its field.
 */
export default function CaseNew() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Fields>();
  const [saving, setSaving] = useState(false);
  const regions = useMemo(() => regionTree(3), []);
  const lang = i18n.language;
  const rules = (field: keyof typeof shape, required = true, toValue?: (v: unknown) => unknown) => [
    ...(required ? [requiredRule(t('intake.required'))] : []),
    intakeRule(shape[field], t, lang, toValue),
  ];

  const submit = async () => {
    let values: Fields;
    try {
      values = await form.validate();
    } catch {
      Message.warning(t('caseNew.fixErrors'));
      return;
    }
    setSaving(true);
    try {
      const created = await apiPost<CaseRow>('/cases', {
        ...values,
        ...claimFen(values),
        court: values.court?.trim() || null,
        description: values.description?.trim() || null,
      });
      Message.success(t('caseNew.created', { caseNo: created.caseNo }));
      form.resetFields();
      navigate(`/list/case-detail/${created.id}`);
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('menu.caseNew')} bordered={false}>
      <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 880 }}>
        <Alert type="info" content={t('caseNew.intro')} />
        <Form form={form} layout="vertical" autoComplete="off" onSubmit={submit}>
          <Space size="large" wrap align="start">
            <Form.Item
              label={t('caseNew.caseNo')}
              field="caseNo"
              rules={rules('caseNo')}
              style={{ width: 400 }}
            >
              <Input name="caseNo" placeholder={t('caseNew.caseNoPlaceholder')} maxLength={10} />
            </Form.Item>
            <Form.Item label={t('caseNew.type')} field="type" rules={rules('type')} style={{ width: 400 }}>
              <Select
                options={CASE_TYPES.map((type) => ({ value: type, label: t(`enum.caseType.${type}`) }))}
                placeholder={t('caseNew.type')}
              />
            </Form.Item>
            <Form.Item label={t('caseNew.title')} field="title" rules={rules('title')} style={{ width: 400 }}>
              <Input name="title" maxLength={100} />
            </Form.Item>
            <Form.Item
              label={t('caseNew.region')}
              field="regionCode"
              rules={rules('regionCode')}
              style={{ width: 400 }}
            >
              <RegionCascader options={regions} />
            </Form.Item>
            <Form.Item
              label={t('caseNew.debtorName')}
              field="debtorName"
              rules={rules('debtorName')}
              style={{ width: 400 }}
            >
              <Input name="debtorName" maxLength={60} />
            </Form.Item>
            <Form.Item
              label={t('caseNew.clientName')}
              field="clientName"
              rules={rules('clientName')}
              style={{ width: 400 }}
            >
              <Input name="clientName" maxLength={60} />
            </Form.Item>
            <ClaimParts />
            <Form.Item
              label={t('caseNew.entrustExpiresOn')}
              field="entrustExpiresOn"
              rules={rules('entrustExpiresOn')}
              style={{ width: 400 }}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              label={t('caseNew.court')}
              field="court"
              rules={rules('court', false)}
              style={{ width: 400 }}
            >
              <Input name="court" maxLength={100} />
            </Form.Item>
          </Space>
          <Form.Item label={t('caseNew.description')} field="description" rules={rules('description', false)}>
            <Input.TextArea name="description" maxLength={2000} autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('caseNew.submit')}
            </Button>
            <Button onClick={() => form.resetFields()}>{t('caseNew.reset')}</Button>
          </Space>
        </Form>
      </Space>
    </Card>
  );
}

/** A province, city or county, kept as its six-digit code. */
function RegionCascader({
  id,
  options,
  value,
  onChange,
}: {
  id?: string;
  options: ReturnType<typeof regionTree>;
  value?: string;
  onChange?: (code: string | undefined) => void;
}) {
  return (
    <Cascader
      id={id}
      options={options}
      value={regionPath(value)}
      onChange={(path) => {
        const list = Array.isArray(path) ? path : [];
        const last = list[list.length - 1];
        onChange?.(typeof last === 'string' ? last : undefined);
      }}
      changeOnSelect
      showSearch
      allowClear
    />
  );
}
