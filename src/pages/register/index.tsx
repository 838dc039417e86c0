import { Form, Input } from '@arco-design/web-react';
import { IconHome, IconIdcard, IconLocation, IconUser } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerLawFirmRequestSchema } from '../../../contract/auth';
import { registerLawFirm } from '../../api/registration';
import { schemaRule, showFieldErrors } from '../../components/form-rules';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PhoneCodeFields } from '../../components/PhoneCodeFields';
import { PublicShell } from '../../components/PublicShell';
import { RegionCascader } from '../../components/RegionCascader';
import { RouteLink } from '../../components/RouteLink';
import { SubmitButton } from '../../components/SubmitButton';

const shape = registerLawFirmRequestSchema.shape;
const FIELDS = Object.keys(shape);
const rules = {
  firmName: [schemaRule(shape.firmName)],
  regionCode: [schemaRule(shape.regionCode)],
  creditCode: [schemaRule(shape.creditCode)],
  address: [schemaRule(shape.address)],
  contactName: [schemaRule(shape.contactName)],
};

const upperCase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

/** /register: a law firm applies to join; the firm and its contact person wait for review. */
export default function LawFirmRegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm();

  async function submit(values: Record<string, unknown>) {
    try {
      // The contract's schema trims and upper-cases exactly as the server will.
      const body = registerLawFirmRequestSchema.parse(values);
      await registerLawFirm({ ...body, address: body.address || undefined });
      navigate('/outcome/success?kind=lawfirmRegistered');
    } catch (failure) {
      showFieldErrors(form, failure, FIELDS);
    }
  }

  return (
    <PublicShell title="register.firm.title" subtitle="register.firm.subtitle" width="wide">
      <Form form={form} id="register-firm" layout="vertical" onSubmit={submit} scrollToFirstError>
        <h2 className="cd-form-section">{t('register.firm.section.firm')}</h2>
        <div className="cd-form-grid">
          <Form.Item field="firmName" label={t('register.field.firmName')} rules={rules.firmName} required>
            <Input
              autoFocus
              maxLength={60}
              prefix={<IconHome />}
              placeholder={t('register.field.firmName.placeholder')}
            />
          </Form.Item>
          <Form.Item field="regionCode" label={t('register.field.region')} rules={rules.regionCode} required>
            <RegionCascader />
          </Form.Item>
          <Form.Item
            field="creditCode"
            label={t('register.field.creditCode')}
            rules={rules.creditCode}
            normalize={upperCase}
            required
          >
            <Input
              maxLength={18}
              prefix={<IconIdcard />}
              placeholder={t('register.field.creditCode.placeholder')}
            />
          </Form.Item>
          <Form.Item field="address" label={t('register.field.address')} rules={rules.address}>
            <Input
              maxLength={200}
              prefix={<IconLocation />}
              placeholder={t('register.field.address.placeholder')}
            />
          </Form.Item>
        </div>
        <h2 className="cd-form-section">{t('register.firm.section.contact')}</h2>
        <div className="cd-form-grid">
          <Form.Item
            field="contactName"
            label={t('register.field.contactName')}
            rules={rules.contactName}
            required
          >
            <Input
              autoComplete="name"
              maxLength={30}
              prefix={<IconUser />}
              placeholder={t('register.field.contactName.placeholder')}
            />
          </Form.Item>
          <div />
          <PhoneCodeFields purpose="register" />
          <NewPasswordFields />
        </div>
        <SubmitButton>{t('register.firm.submit')}</SubmitButton>
        <p className="cd-form-footer">
          {t('register.haveAccount')} <RouteLink to="/login">{t('login.backToLogin')}</RouteLink>
        </p>
      </Form>
    </PublicShell>
  );
}
