import { Form, Input, Modal, Select } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { personNameSchema, phoneSchema } from '../../../../contract/account-rules';
import { FIRM_MEMBER_ROLES, ROLES, type Role } from '../../../../contract/roles';
import type { createUserResponseSchema } from '../../../../contract/users';
import { listRegistrationLawFirms, type PublicLawFirm } from '../../../api/registration';
import { apiPost } from '../../../api/request';
import { requiredRule, schemaRule, showFieldErrors } from '../form-rules';

export type CreatedUser = z.infer<typeof createUserResponseSchema>;

interface NewUserFields {
  phone: string;
  name: string;
  role: Role;
  lawFirmId?: number;
  licenceNo?: string;
}

interface CreateUserModalProps {
  visible: boolean;
  onCancel: () => void;
  onCreated: (created: CreatedUser) => void;
}

/** New account: phone, name, role; law firm for firm roles, licence number for lawyers. */
export function CreateUserModal({ visible, onCancel, onCreated }: CreateUserModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewUserFields>();
  const [saving, setSaving] = useState(false);
  const [firms, setFirms] = useState<PublicLawFirm[] | null>(null);
  const role: Role | undefined = Form.useWatch('role', form);
  const needsFirm = role !== undefined && FIRM_MEMBER_ROLES.includes(role);

  useEffect(() => {
    if (!visible || !needsFirm || firms) return;
    listRegistrationLawFirms().then(setFirms, () => setFirms([]));
  }, [visible, needsFirm, firms]);

  const submit = async () => {
    let values: NewUserFields;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const created = await apiPost<CreatedUser>('/users', {
        phone: values.phone.trim(),
        name: values.name.trim(),
        role: values.role,
        ...(needsFirm ? { lawFirmId: values.lawFirmId } : {}),
        ...(values.role === 'lawyer' ? { licenceNo: values.licenceNo?.trim() } : {}),
      });
      form.resetFields();
      onCreated(created);
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('userAccount.create.title')}
      visible={visible}
      onOk={submit}
      onCancel={onCancel}
      okText={t('userAccount.create.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      unmountOnExit
    >
      <Form form={form} layout="vertical" autoComplete="off" onSubmit={submit}>
        <Form.Item
          label={t('userAccount.column.phone')}
          field="phone"
          rules={[requiredRule(t('userAccount.create.phoneRequired')), schemaRule(phoneSchema, t)]}
        >
          <Input maxLength={11} inputMode="numeric" placeholder={t('userAccount.create.phonePlaceholder')} />
        </Form.Item>
        <Form.Item
          label={t('userAccount.column.name')}
          field="name"
          rules={[requiredRule(t('userAccount.create.nameRequired')), schemaRule(personNameSchema, t)]}
        >
          <Input maxLength={30} placeholder={t('userAccount.create.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          label={t('userAccount.column.role')}
          field="role"
          rules={[requiredRule(t('userAccount.create.roleRequired'))]}
        >
          <Select placeholder={t('userAccount.create.rolePlaceholder')}>
            {ROLES.map((r) => (
              <Select.Option key={r} value={r}>
                {t(`enum.role.${r}`)}
              </Select.Option>
            ))}
          </Select>
        </Form.Item>
        {needsFirm && (
          <Form.Item
            label={t('userAccount.column.lawFirm')}
            field="lawFirmId"
            rules={[requiredRule(t('user.lawFirmRequired'))]}
          >
            <Select
              showSearch
              loading={firms === null}
              placeholder={t('userAccount.create.lawFirmPlaceholder')}
              filterOption={(input, option) =>
                String((option as { props?: { children?: unknown } })?.props?.children ?? '').includes(input)
              }
              notFoundContent={t('common.empty')}
            >
              {(firms ?? []).map((f) => (
                <Select.Option key={f.id} value={f.id}>
                  {f.name}
                </Select.Option>
              ))}
            </Select>
          </Form.Item>
        )}
        {role === 'lawyer' && (
          <Form.Item
            label={t('userAccount.create.licenceNo')}
            field="licenceNo"
            rules={[
              requiredRule(t('user.licenceRequired')),
              { match: /^\d{17}$/, message: t('rule.licenceNo') },
            ]}
          >
            <Input
              maxLength={17}
              inputMode="numeric"
              placeholder={t('userAccount.create.licenceNoPlaceholder')}
            />
          </Form.Item>
        )}
        {/* Enter in any field submits. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
