import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type RegistryLocale, RegistryProvider } from '../../ui-registry';
import { createRegistryEnv } from '../app/registry-env';
import { registerBuiltinPages } from '../pages/builtins';
import { useSession } from '../session/session';

// The registry and the hand-written pages load with the signed-in frame, not with the login page.
registerBuiltinPages();

/** The ui-registry's environment for the signed-in frame; rebuilt when the role or the language changes. */
export function RegistryScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { role, userInfo } = useSession();
  const locale: RegistryLocale = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const env = useMemo(() => createRegistryEnv(role, userInfo, locale), [role, userInfo, locale]);
  return <RegistryProvider env={env}>{children}</RegistryProvider>;
}
