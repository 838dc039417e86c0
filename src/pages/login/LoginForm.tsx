import { Alert, Button, Checkbox, Input } from '@arco-design/web-react';
import { IconLock, IconUser } from '@arco-design/web-react/icon';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiFailure } from '../../api/request';
import { RouteLink } from '../../components/RouteLink';
import { loginDestination } from './redirect';
import { rememberedPhone, rememberPhone } from './remember';

type FieldErrors = Partial<Record<'phone' | 'password', string>>;

/**
 * Phone + password. Field names and autocomplete hints are fixed points (ARCHITECTURE.md §8).
 * Two required fields need no form library: this page is the first one everyone loads, so it
 * stays small (README, performance budget).
 */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const ids = { phone: useId(), password: useId() };
  const [remembered] = useState(() => rememberedPhone());
  const [phone, setPhone] = useState(remembered ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!phone.trim()) found.phone = t('rule.phoneRequired');
    if (!password) found.password = t('rule.passwordRequired');
    setErrors(found);
    if (found.phone || found.password) return;
    setSubmitting(true);
    try {
      // The session machinery (XState) loads on submit, keeping it off the first page load.
      const { login } = await import('../../session/session');
      const user = await login(phone.trim(), password);
      rememberPhone(remember ? phone.trim() : null);
      const welcome = t('login.success', { name: user.name });
      void import('../../api/notices').then(({ showSuccess }) => showSuccess(welcome));
      navigate(loginDestination(search), { replace: true });
    } catch (failure) {
      // The error catalogue has shown the server's reason (wrong password, locked, under review).
      setPassword('');
      if (failure instanceof ApiFailure) {
        const next: FieldErrors = {};
        for (const e of failure.errors)
          if (e.path === 'phone' || e.path === 'password') next[e.path] = e.message;
        setErrors(next);
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form id="login" className="cd-login-form" onSubmit={submit} noValidate>
      {search.get('error') === 'routeGuardError' ? (
        <Alert className="cd-login-form__notice" type="warning" content={t('login.notice.routeGuardError')} />
      ) : null}
      <div className="cd-login-field">
        <label htmlFor={ids.phone} className="cd-visually-hidden">
          {t('login.form.phone.label')}
        </label>
        <Input
          id={ids.phone}
          name="phone"
          size="large"
          autoComplete="username"
          inputMode="numeric"
          maxLength={20}
          autoFocus={!remembered}
          prefix={<IconUser />}
          placeholder={t('login.form.phone.placeholder')}
          value={phone}
          onChange={setPhone}
          status={errors.phone ? 'error' : undefined}
          aria-invalid={Boolean(errors.phone)}
          aria-describedby={errors.phone ? `${ids.phone}-error` : undefined}
        />
        <div
          id={`${ids.phone}-error`}
          className="cd-login-field__error"
          role={errors.phone ? 'alert' : undefined}
        >
          {errors.phone}
        </div>
      </div>
      <div className="cd-login-field">
        <label htmlFor={ids.password} className="cd-visually-hidden">
          {t('login.form.password.label')}
        </label>
        <Input.Password
          id={ids.password}
          name="password"
          size="large"
          autoComplete="current-password"
          autoFocus={Boolean(remembered)}
          prefix={<IconLock />}
          placeholder={t('login.form.password.placeholder')}
          value={password}
          onChange={setPassword}
          status={errors.password ? 'error' : undefined}
          aria-invalid={Boolean(errors.password)}
          aria-describedby={errors.password ? `${ids.password}-error` : undefined}
        />
        <div
          id={`${ids.password}-error`}
          className="cd-login-field__error"
          role={errors.password ? 'alert' : undefined}
        >
          {errors.password}
        </div>
      </div>
      <div className="cd-login-form__options">
        <Checkbox checked={remember} onChange={setRemember}>
          {t('login.form.remember')}
        </Checkbox>
        <RouteLink to="/reset">{t('login.form.forgot')}</RouteLink>
      </div>
      <Button type="primary" htmlType="submit" size="large" long loading={submitting}>
        {t('login.form.submit')}
      </Button>
      <div className="cd-login-form__register">
        <span>{t('login.form.noAccount')}</span>
        <RouteLink to="/register">{t('login.form.registerFirm')}</RouteLink>
        <span aria-hidden="true" className="cd-login-form__divider" />
        <RouteLink to="/lawyer-register">{t('login.form.registerLawyer')}</RouteLink>
      </div>
    </form>
  );
}
