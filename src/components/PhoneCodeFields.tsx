import { Form, Input } from '@arco-design/web-react';
import { IconMobile, IconSafe } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { phoneSchema, smsCodeSchema } from '../../contract/account-rules';
import type { SmsPurpose } from '../../contract/auth';
import { schemaRule } from './form-rules';
import { SmsCodeButton } from './SmsCodeButton';

const rules = { phone: [schemaRule(phoneSchema)], code: [schemaRule(smsCodeSchema)] };

/** `phone` and `code` fields of the surrounding form; the code button checks the phone first. */
export function PhoneCodeFields({
  purpose,
  autoFocus = false,
}: {
  purpose: SmsPurpose;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();

  return (
    <>
      <Form.Item field="phone" label={t('register.field.phone')} rules={rules.phone} required>
        <Input
          name="phone"
          autoComplete="tel"
          inputMode="numeric"
          maxLength={11}
          autoFocus={autoFocus}
          prefix={<IconMobile />}
          placeholder={t('register.field.phone.placeholder')}
        />
      </Form.Item>
      <Form.Item field="code" label={t('register.field.code')} rules={rules.code} required>
        <Input
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          prefix={<IconSafe />}
          placeholder={t('register.field.code.placeholder')}
          suffix={<SmsCodeButton purpose={purpose} look="suffix" />}
        />
      </Form.Item>
    </>
  );
}
