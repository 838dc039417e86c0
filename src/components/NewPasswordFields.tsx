import { Form, Input } from '@arco-design/web-react';
import { IconLock } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { passwordSchema } from '../../contract/account-rules';
import { requiredRule, sameAsRule, schemaRule } from './form-rules';
import { PasswordRuleHint } from './PasswordRuleHint';

export const CONFIRM_FIELD = 'confirmPassword';

/** A new password with the product's rule ticked off under it, and its confirmation. */
export function NewPasswordFields({ field = 'password' }: { field?: 'password' | 'newPassword' }) {
  const { t } = useTranslation();
  const { form } = Form.useFormContext();
  const value = Form.useWatch(field, form) as string | undefined;
  const label = field === 'password' ? 'register.field.password' : 'reset.field.newPassword';

  return (
    <>
      <Form.Item
        field={field}
        label={t(label)}
        rules={[schemaRule(passwordSchema)]}
        required
        extra={<PasswordRuleHint value={value} />}
      >
        <Input.Password
          name={field}
          autoComplete="new-password"
          prefix={<IconLock />}
          placeholder={t('register.field.password.placeholder')}
        />
      </Form.Item>
      <Form.Item
        field={CONFIRM_FIELD}
        label={t('register.field.confirmPassword')}
        dependencies={[field]}
        rules={[
          requiredRule('register.rule.confirmRequired'),
          sameAsRule(form, field, 'register.rule.confirmMismatch'),
        ]}
        required
      >
        <Input.Password
          name={CONFIRM_FIELD}
          autoComplete="new-password"
          prefix={<IconLock />}
          placeholder={t('register.field.confirmPassword.placeholder')}
        />
      </Form.Item>
    </>
  );
}
