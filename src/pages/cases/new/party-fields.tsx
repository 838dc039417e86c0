import { Button, Form, Grid, Input, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { PARTY_ID_TYPES, PARTY_ROLES, type PartyIdType, type PartyRole } from '../../../../contract/parties';
import { ApiFailure } from '../../../api/request';

/** The parties part of 新建案件: the main debtor's document, phones and address, and further parties. */
export interface PartyFieldValues {
  debtorName?: string;
  debtorIdType?: PartyIdType;
  debtorIdNumber?: string;
  /** Mobile or landline numbers, separated by `;` as in the import template. */
  debtorPhones?: string;
  debtorAddress?: string;
  others?: Array<{
    role: PartyRole;
    name: string;
    idType?: PartyIdType;
    idNumber?: string;
    phones?: string;
    address?: string;
  }>;
}

const phoneList = (text?: string) =>
  (text ?? '')
    .split(/[;；,，\s]+/)
    .map((n) => n.trim())
    .filter(Boolean)
    .map((number) => ({ number, status: 'unknown' as const }));
const addressList = (text?: string) =>
  text?.trim() ? [{ kind: 'residence' as const, text: text.trim() }] : [];

/**
 * `parties` of POST /api/cases, or undefined when the form says nothing beyond the debtor's name
 * (the server then makes the main debtor from `debtorName`). Also answers the values without the
 * party fields, which the case itself does not take.
 */
export function splitParties<T extends PartyFieldValues>(values: T) {
  const { debtorIdType, debtorIdNumber, debtorPhones, debtorAddress, others, ...rest } = values;
  const extra = debtorIdType || debtorIdNumber || debtorPhones || debtorAddress || (others ?? []).length > 0;
  if (!extra) return { rest, parties: undefined };
  const parties = [
    {
      role: 'debtor' as const,
      name: values.debtorName ?? '',
      ...(debtorIdType ? { idType: debtorIdType } : {}),
      ...(debtorIdNumber ? { idNumber: debtorIdNumber } : {}),
      phones: phoneList(debtorPhones),
      addresses: addressList(debtorAddress),
    },
    ...(others ?? []).map((p) => ({
      role: p.role,
      name: p.name,
      ...(p.idType ? { idType: p.idType } : {}),
      ...(p.idNumber ? { idNumber: p.idNumber } : {}),
      phones: phoneList(p.phones),
      addresses: addressList(p.address),
    })),
  ];
  return { rest, parties };
}

/** The form field a refusal at `parties.<i>.<field>...` belongs to. */
function fieldOf(path: string): string | null {
  const m = /^parties\.(\d+)\.(\w+)/.exec(path);
  if (!m) return null;
  const [, index, field] = m as unknown as [string, string, string];
  const plural = field === 'phones' ? 'phones' : field === 'addresses' ? 'address' : field;
  if (index === '0') {
    const main: Record<string, string> = {
      name: 'debtorName',
      idType: 'debtorIdType',
      idNumber: 'debtorIdNumber',
      phones: 'debtorPhones',
      address: 'debtorAddress',
    };
    return main[plural] ?? null;
  }
  return `others[${Number(index) - 1}].${plural}`;
}

/** Shows each refusal of a party at its field; answers whether any was shown. */
export function showPartyErrors(
  form: { setFields: (fields: Record<string, unknown>) => void },
  error: unknown,
): boolean {
  if (!(error instanceof ApiFailure)) return false;
  const fields: Record<string, { error: { message: string } }> = {};
  for (const e of error.errors) {
    const name = fieldOf(e.path);
    if (name) fields[name] = { error: { message: e.message } };
  }
  if (Object.keys(fields).length > 0) form.setFields(fields);
  return Object.keys(fields).length > 0;
}

/** The main debtor's ID document, phones and address, and further parties, in the intake form. */
export function PartyFields() {
  const { t } = useTranslation();
  const idTypes = PARTY_ID_TYPES.map((v) => ({ value: v, label: t(`enum.partyIdType.${v}`) }));
  const roles = PARTY_ROLES.map((v) => ({ value: v, label: t(`enum.partyRole.${v}`) }));
  return (
    <>
      <Grid.Row gutter={16} style={{ maxWidth: 816 }}>
        <Grid.Col span={12}>
          <Form.Item label={t('party.debtorIdType')} field="debtorIdType">
            <Select allowClear options={idTypes} />
          </Form.Item>
        </Grid.Col>
        <Grid.Col span={12}>
          <Form.Item label={t('party.debtorIdNumber')} field="debtorIdNumber">
            <Input name="debtorIdNumber" maxLength={30} />
          </Form.Item>
        </Grid.Col>
        <Grid.Col span={12}>
          <Form.Item label={t('party.debtorPhones')} field="debtorPhones">
            <Input name="debtorPhones" maxLength={200} />
          </Form.Item>
        </Grid.Col>
        <Grid.Col span={12}>
          <Form.Item label={t('party.debtorAddress')} field="debtorAddress">
            <Input name="debtorAddress" maxLength={200} />
          </Form.Item>
        </Grid.Col>
      </Grid.Row>
      <Form.List field="others">
        {(fields, { add, remove }) => (
          <div style={{ maxWidth: 816, marginBottom: 16 }}>
            {fields.map((item, index) => (
              <Grid.Row gutter={8} key={item.key}>
                <Grid.Col span={4}>
                  <Form.Item
                    label={t('enum.partyField.role')}
                    field={`${item.field}.role`}
                    rules={[{ required: true }]}
                  >
                    <Select options={roles} />
                  </Form.Item>
                </Grid.Col>
                <Grid.Col span={4}>
                  <Form.Item
                    label={t('enum.partyField.name')}
                    field={`${item.field}.name`}
                    rules={[{ required: true }]}
                  >
                    <Input maxLength={60} />
                  </Form.Item>
                </Grid.Col>
                <Grid.Col span={4}>
                  <Form.Item label={t('enum.partyField.idType')} field={`${item.field}.idType`}>
                    <Select allowClear options={idTypes} />
                  </Form.Item>
                </Grid.Col>
                <Grid.Col span={5}>
                  <Form.Item label={t('enum.partyField.idNumber')} field={`${item.field}.idNumber`}>
                    <Input maxLength={30} />
                  </Form.Item>
                </Grid.Col>
                <Grid.Col span={4}>
                  <Form.Item label={t('enum.partyField.phones')} field={`${item.field}.phones`}>
                    <Input maxLength={200} />
                  </Form.Item>
                </Grid.Col>
                <Grid.Col span={3}>
                  <Button type="text" status="danger" style={{ marginTop: 30 }} onClick={() => remove(index)}>
                    {t('party.remove')}
                  </Button>
                </Grid.Col>
                <Grid.Col span={21}>
                  <Form.Item label={t('enum.partyField.addresses')} field={`${item.field}.address`}>
                    <Input maxLength={200} />
                  </Form.Item>
                </Grid.Col>
              </Grid.Row>
            ))}
            <Button type="dashed" onClick={() => add({ role: 'guarantor' })}>
              {t('party.add')}
            </Button>
          </div>
        )}
      </Form.List>
    </>
  );
}
