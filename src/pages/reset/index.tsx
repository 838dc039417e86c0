import { Form } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resetPasswordRequestSchema } from '../../../contract/auth';
import { resetPassword } from '../../api/registration';
import { showFieldErrors } from '../../components/form-rules';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PhoneCodeFields } from '../../components/PhoneCodeFields';
import { PublicShell } from '../../components/PublicShell';
import { RouteLink } from '../../components/RouteLink';
import { SubmitButton } from '../../components/SubmitButton';

const FIELDS = Object.keys(resetPasswordRequestSchema.shape);

/** /reset: a new password through an SMS code; every session of the account ends. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm();

  async function submit(values: Record<string, unknown>) {
    try {
      await resetPassword(resetPasswordRequestSchema.parse(values));
      navigate('/outcome/success?kind=passwordReset', { replace: true });
    } catch (failure) {
      showFieldErrors(form, failure, FIELDS);
    }
  }

  return (
    <PublicShell title="reset.title" subtitle="reset.subtitle">
      <Form form={form} id="reset" layout="vertical" onSubmit={submit}>
        <PhoneCodeFields purpose="reset" autoFocus />
        <NewPasswordFields field="newPassword" />
        <SubmitButton>{t('reset.submit')}</SubmitButton>
        <p className="cd-form-footer">
          {t('reset.remembered')} <RouteLink to="/login">{t('login.backToLogin')}</RouteLink>
        </p>
      </Form>
    </PublicShell>
  );
}
