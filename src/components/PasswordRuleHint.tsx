import { IconCheckCircleFill, IconMinusCircle } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { PASSWORD_CHECKS } from './password-checks';
import './public-forms.css';

/** The product's password rule under a password field, each part ticked off as it is met. */
export function PasswordRuleHint({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const password = value ?? '';
  return (
    <ul className="cd-password-hint" aria-label={t('register.password.title')}>
      {PASSWORD_CHECKS.map((check) => {
        const met = check.passes(password);
        return (
          <li key={check.key} className={met ? 'cd-password-hint__met' : undefined} data-met={met}>
            {met ? <IconCheckCircleFill /> : <IconMinusCircle />}
            <span>{t(check.key)}</span>
          </li>
        );
      })}
    </ul>
  );
}
