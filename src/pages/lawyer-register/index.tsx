import { Checkbox, Form, Input, Select } from '@arco-design/web-react';
import { IconIdcard, IconUser } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerLawyerRequestSchema } from '../../../contract/auth';
import { listRegistrationLawFirms, type PublicLawFirm, registerLawyer } from '../../api/registration';
import { requiredRule, schemaRule, showFieldErrors } from '../../components/form-rules';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PhoneCodeFields } from '../../components/PhoneCodeFields';
import { PublicShell } from '../../components/PublicShell';
import { RouteLink } from '../../components/RouteLink';
import { SubmitButton } from '../../components/SubmitButton';

const shape = registerLawyerRequestSchema.shape;
const FIELDS = Object.keys(shape);
const rules = {
  name: [schemaRule(shape.name)],
  licenceNo: [schemaRule(shape.licenceNo)],
  lawFirmId: [requiredRule('register.rule.lawFirmRequired')],
  agreed: [schemaRule(shape.agreed)],
};

/** Law firms that passed review; null while loading. */
function useLawFirms(): PublicLawFirm[] | null {
  const [firms, setFirms] = useState<PublicLawFirm[] | null>(null);
  useEffect(() => {
    let live = true;
    listRegistrationLawFirms()
      .catch(() => [])
      .then((list) => {
        if (live) setFirms(list);
      });
    return () => {
      live = false;
    };
  }, []);
  return firms;
}

/** /lawyer-register: a lawyer of a reviewed law firm applies; the account waits for review. */
export default function LawyerRegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const firms = useLawFirms();

  async function submit(values: Record<string, unknown>) {
    try {
      await registerLawyer(registerLawyerRequestSchema.parse(values));
      navigate('/outcome/success?kind=lawyerRegistered');
    } catch (failure) {
      showFieldErrors(form, failure, FIELDS);
    }
  }

  return (
    <PublicShell title="register.lawyer.title" subtitle="register.lawyer.subtitle">
      <Form form={form} id="register-lawyer" layout="vertical" onSubmit={submit} scrollToFirstError>
        <Form.Item field="name" label={t('register.field.name')} rules={rules.name} required>
          <Input
            autoFocus
            autoComplete="name"
            maxLength={30}
            prefix={<IconUser />}
            placeholder={t('register.field.name.placeholder')}
          />
        </Form.Item>
        <Form.Item field="licenceNo" label={t('register.field.licenceNo')} rules={rules.licenceNo} required>
          <Input
            inputMode="numeric"
            maxLength={17}
            prefix={<IconIdcard />}
            placeholder={t('register.field.licenceNo.placeholder')}
          />
        </Form.Item>
        <Form.Item field="lawFirmId" label={t('register.field.lawFirm')} rules={rules.lawFirmId} required>
          <Select
            showSearch
            loading={firms === null}
            placeholder={t('register.field.lawFirm.placeholder')}
            notFoundContent={t('register.field.lawFirm.empty')}
            filterOption={(input, option) =>
              String((option as { props?: { children?: unknown } }).props?.children ?? '').includes(input)
            }
            options={(firms ?? []).map((f) => ({ label: f.name, value: f.id }))}
          />
        </Form.Item>
        <PhoneCodeFields purpose="register" />
        <NewPasswordFields />
        <Form.Item field="agreed" triggerPropName="checked" rules={rules.agreed}>
          <Checkbox>
            {t('register.agreement.accept')}
            <RouteLink to="/lawyer-agreement" target="_blank" rel="noopener">
              {t('register.agreement.linkText')}
            </RouteLink>
          </Checkbox>
        </Form.Item>
        <SubmitButton>{t('register.lawyer.submit')}</SubmitButton>
        <p className="cd-form-footer">
          {t('register.haveAccount')} <RouteLink to="/login">{t('login.backToLogin')}</RouteLink>
        </p>
      </Form>
    </PublicShell>
  );
}
