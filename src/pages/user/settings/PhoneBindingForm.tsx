import { Button, Form, Input, Space } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneSchema, smsCodeSchema } from '../../../../contract/account-rules';
import { apiPost } from '../../../api/request';
import { SmsCodeButton } from '../../../components/SmsCodeButton';
import { requiredRule, schemaRule, showFieldErrors } from '../form-rules';
import { shownPhone } from '../format';

interface PhoneFields {
  phone: string;
  code: string;
}

interface PhoneBindingFormProps {
  currentPhone: string;
  onBound: () => void;
  onCancel: () => void;
}

/** New security phone + the bind code sent to it, over POST /api/user/bind-phone. */
export function PhoneBindingForm({ currentPhone, onBound, onCancel }: PhoneBindingFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PhoneFields>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: PhoneFields) => {
    setSaving(true);
    try {
      await apiPost('/user/bind-phone', { phone: values.phone.trim(), code: values.code.trim() });
      form.resetFields();
      onBound();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onSubmit={submit} autoComplete="off">
      <Form.Item label={t('userSetting.phone.current')}>
        <Input value={shownPhone(currentPhone)} disabled />
      </Form.Item>
      <Form.Item
        label={t('userSetting.phone.new')}
        field="phone"
        rules={[
          requiredRule(t('userSetting.phone.newRequired')),
          schemaRule(phoneSchema, t),
          {
            validator: (value, callback) =>
              callback(value?.trim() === currentPhone ? t('profile.samePhone') : undefined),
          },
        ]}
      >
        <Input
          autoComplete="tel"
          inputMode="numeric"
          maxLength={11}
          placeholder={t('userSetting.phone.newPlaceholder')}
        />
      </Form.Item>
      <Form.Item label={t('userSetting.phone.code')} required>
        <Space style={{ width: '100%' }} align="start">
          <Form.Item
            field="code"
            noStyle={{ showErrorTip: true }}
            rules={[requiredRule(t('userSetting.phone.codeRequired')), schemaRule(smsCodeSchema, t)]}
          >
            <Input
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              placeholder={t('userSetting.phone.codePlaceholder')}
              aria-label={t('userSetting.phone.code')}
            />
          </Form.Item>
          <SmsCodeButton purpose="bind" />
        </Space>
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('userSetting.phone.submit')}
          </Button>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
