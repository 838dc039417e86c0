import { Button, Form, Input, Space } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordSchema } from '../../../contract/account-rules';
import { apiPost } from '../../api/request';
import { useSession } from '../../session/session';
import { requiredRule, showFieldErrors } from './form-rules';

interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

interface ChangePasswordFormProps {
  onChanged: () => void;
  onCancel?: () => void;
}

/**
 * Old + new + confirm, over POST /api/user/change-password. The server keeps this session and
 * ends every other one; the caller explains that once the change went through.
 */
export function ChangePasswordForm({ onChanged, onCancel }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordFields>();
  const [saving, setSaving] = useState(false);
  const { userInfo } = useSession();

  const submit = async (values: PasswordFields) => {
    setSaving(true);
    try {
      await apiPost('/user/change-password', {
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
      });
      form.resetFields();
      onChanged();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onSubmit={submit} autoComplete="off" style={{ maxWidth: 420 }}>
      {/* Lets password managers tie the new password to this account. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={userInfo?.phone ?? ''}
        hidden
        readOnly
      />
      <Form.Item
        label={t('userSetting.password.old')}
        field="oldPassword"
        rules={[requiredRule(t('userSetting.password.oldRequired'))]}
      >
        <Input.Password
          autoComplete="current-password"
          placeholder={t('userSetting.password.oldPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        label={t('userSetting.password.new')}
        field="newPassword"
        extra={t('rule.password')}
        rules={[
          requiredRule(t('userSetting.password.newRequired')),
          {
            // The rule itself is shown under the field; the error only says it is not met.
            validator: (value: string | undefined, callback: (error?: string) => void) =>
              callback(
                value && !passwordSchema.safeParse(value).success
                  ? t('userSetting.password.ruleBroken')
                  : undefined,
              ),
          },
          {
            validator: (value, callback) =>
              callback(
                value && value === form.getFieldValue('oldPassword')
                  ? t('userSetting.password.sameAsOld')
                  : undefined,
              ),
          },
        ]}
      >
        <Input.Password autoComplete="new-password" placeholder={t('userSetting.password.newPlaceholder')} />
      </Form.Item>
      <Form.Item
        label={t('userSetting.password.confirm')}
        field="confirmPassword"
        dependencies={['newPassword']}
        rules={[
          requiredRule(t('userSetting.password.confirmRequired')),
          {
            validator: (value, callback) =>
              callback(
                value && value !== form.getFieldValue('newPassword')
                  ? t('userSetting.password.mismatch')
                  : undefined,
              ),
          },
        ]}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={t('userSetting.password.confirmPlaceholder')}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('userSetting.password.submit')}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
        </Space>
      </Form.Item>
    </Form>
  );
}
