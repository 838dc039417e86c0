import { Alert, Form, Grid, Input, Modal, Select } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import {
  ADDRESS_KINDS,
  PARTY_ID_TYPES,
  PARTY_ROLES,
  type Party,
  PHONE_STATUSES,
} from '../../../../contract/parties';
import { useRegistryEnv } from '../../../context';
import { ListRows } from '../../../inputs/list-rows';
import { readFailure } from '../../../request-failure';

/** Adding a party (POST `path`) or changing one (PUT `path`): what the dialog edits. */
export interface PartyFormTarget {
  method: 'POST' | 'PUT';
  path: string;
  party: Party | null;
  /** The handling lawyer: phones, addresses and employer only. */
  contactsOnly: boolean;
}

type PhoneValue = { id?: number; number?: string; masked?: string; label?: string; status: string };
type Values = {
  role?: string;
  name?: string;
  idType?: string;
  idNumber?: string;
  employer?: string;
  phones?: PhoneValue[];
  addresses?: Array<{ kind: string; text: string }>;
};

const options = (t: (k: string) => string, name: string, values: readonly string[]) =>
  values.map((v) => ({ value: v, label: t(`enum.${name}.${v}`) }));

/** The server's `phones.1.number` as Arco's form names it: `phones[1].number`. */
const fieldName = (path: string) => path.replace(/\.(\d+)(?=\.|$)/g, '[$1]');

/**
 * The form of one party, with its phones and addresses as lists. Numbers are typed in full and
 * never shown so: an existing phone shows its masked number as the placeholder and keeps it when
 * left empty, as does the ID number. A refusal shows at its field.
 */
export function PartyFormModal({
  target,
  onClose,
  onSaved,
}: {
  target: PartyFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, request, notify } = useRegistryEnv();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const party = target?.party ?? null;
  const full = !target?.contactsOnly;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue({
      role: party?.role ?? 'coDebtor',
      name: party?.name,
      idType: party?.idType ?? undefined,
      employer: party?.employer ?? undefined,
      phones: party?.phones.map((p) => ({
        id: p.id,
        masked: p.number,
        label: p.label ?? undefined,
        status: p.status,
      })),
      addresses: party?.addresses.map((a) => ({ kind: a.kind, text: a.text })),
    });
  }, [target, party, form]);

  const close = () => {
    setProblem(null);
    onClose();
  };

  const submit = async () => {
    if (!target) return;
    let values: Values;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    const phones = (values.phones ?? []).map((p) => ({
      ...(p.id !== undefined ? { id: p.id } : {}),
      ...(p.number ? { number: p.number.trim() } : {}),
      ...(p.label ? { label: p.label } : {}),
      status: p.status ?? 'unknown',
    }));
    const body: Record<string, unknown> = {
      phones,
      addresses: values.addresses ?? [],
      employer: values.employer || null,
    };
    if (full) {
      body.role = values.role;
      body.name = values.name;
      if (values.idType) body.idType = values.idType;
      if (values.idNumber) body.idNumber = values.idNumber;
    }
    setBusy(true);
    setProblem(null);
    try {
      await request(target.method, target.path, { body, silent: true });
      notify('success', t('party.saved'));
      onSaved();
      close();
    } catch (error) {
      const failure = readFailure(error);
      if (failure.fieldErrors.length > 0)
        form.setFields(
          Object.fromEntries(
            failure.fieldErrors.map((e) => [fieldName(e.path), { error: { message: e.message } }]),
          ),
        );
      if (failure.fieldErrors.length === 0 || failure.status !== 400) setProblem(failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t(party ? 'party.edit' : 'party.add')}
      visible={target !== null}
      onCancel={close}
      onOk={submit}
      okText={t('party.save')}
      confirmLoading={busy}
      unmountOnExit
      style={{ width: 720 }}
    >
      {problem && <Alert type="error" content={problem} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical">
        {full && (
          <Grid.Row gutter={12}>
            <Grid.Col span={8}>
              <Form.Item label={t('enum.partyField.role')} field="role" rules={[{ required: true }]}>
                <Select options={options(t, 'partyRole', PARTY_ROLES)} />
              </Form.Item>
            </Grid.Col>
            <Grid.Col span={16}>
              <Form.Item label={t('enum.partyField.name')} field="name" rules={[{ required: true }]}>
                <Input maxLength={60} />
              </Form.Item>
            </Grid.Col>
            <Grid.Col span={8}>
              <Form.Item label={t('enum.partyField.idType')} field="idType">
                <Select allowClear options={options(t, 'partyIdType', PARTY_ID_TYPES)} />
              </Form.Item>
            </Grid.Col>
            <Grid.Col span={16}>
              <Form.Item label={t('enum.partyField.idNumber')} field="idNumber">
                <Input maxLength={30} placeholder={party?.idNumber ?? undefined} />
              </Form.Item>
            </Grid.Col>
          </Grid.Row>
        )}
        <Form.Item label={t('enum.partyField.employer')} field="employer">
          <Input maxLength={100} />
        </Form.Item>
        <Form.List field="phones">
          {(fields, { add, remove }) => (
            <ListRows
              rows={fields}
              rowKey={(item) => item.key}
              labelledFirstRow
              columns={[
                {
                  span: 9,
                  cell: (item, index) => (
                    <Form.Item
                      label={index === 0 ? t('party.phoneNumber') : undefined}
                      field={`${item.field}.number`}
                    >
                      <Input
                        maxLength={20}
                        placeholder={
                          (form.getFieldValue(`${item.field}.masked` as keyof Values) as
                            | string
                            | undefined) ?? t('party.phoneNumber')
                        }
                      />
                    </Form.Item>
                  ),
                },
                {
                  span: 5,
                  cell: (item, index) => (
                    <Form.Item
                      label={index === 0 ? t('party.phoneLabel') : undefined}
                      field={`${item.field}.label`}
                    >
                      <Input maxLength={20} />
                    </Form.Item>
                  ),
                },
                {
                  span: 6,
                  cell: (item, index) => (
                    <Form.Item
                      label={index === 0 ? t('party.phoneStatus') : undefined}
                      field={`${item.field}.status`}
                      initialValue="unknown"
                    >
                      <Select options={options(t, 'phoneStatus', PHONE_STATUSES)} />
                    </Form.Item>
                  ),
                },
              ]}
              onAdd={() => add({ status: 'unknown' })}
              onRemove={remove}
              addLabel={t('party.phoneAdd')}
              removeLabel={t('party.remove')}
              style={{ marginBottom: 16 }}
            />
          )}
        </Form.List>
        <Form.List field="addresses">
          {(fields, { add, remove }) => (
            <ListRows
              rows={fields}
              rowKey={(item) => item.key}
              labelledFirstRow
              columns={[
                {
                  span: 6,
                  cell: (item, index) => (
                    <Form.Item
                      label={index === 0 ? t('party.addressKind') : undefined}
                      field={`${item.field}.kind`}
                      rules={[{ required: true }]}
                    >
                      <Select options={options(t, 'addressKind', ADDRESS_KINDS)} />
                    </Form.Item>
                  ),
                },
                {
                  span: 14,
                  cell: (item, index) => (
                    <Form.Item
                      label={index === 0 ? t('party.addressText') : undefined}
                      field={`${item.field}.text`}
                      rules={[{ required: true }]}
                    >
                      <Input maxLength={200} />
                    </Form.Item>
                  ),
                },
              ]}
              onAdd={() => add({ kind: 'residence' })}
              onRemove={remove}
              addLabel={t('party.addressAdd')}
              removeLabel={t('party.remove')}
            />
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
