import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RegistryLocale, RegistryProvider } from '../../ui-registry';
import { createRegistryEnv } from '../app/registry-env';
import { registerBuiltinPages } from '../pages/builtins';
import { useSession } from '../session/session';

// The registry and the hand-written pages load with the signed-in frame, not with the login page.
registerBuiltinPages();

/**
 * The ui-registry's environment for the signed-in frame; rebuilt when the role or the language
 * changes, and when a part of the catalogue arrives (a keyed area or message area asked for
 * by a key found missing: src/i18n.ts), so the registry's texts, read through `env.t`, follow.
 */
export function RegistryScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { role, userInfo } = useSession();
  const locale: RegistryLocale = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const [texts, setTexts] = useState(0);
  useEffect(() => {
    const added = () => setTexts((n) => n + 1);
    i18n.on('added', added);
    return () => i18n.off('added', added);
  }, [i18n]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `texts` counts the catalogue parts added.
  const env = useMemo(() => createRegistryEnv(role, userInfo, locale), [role, userInfo, locale, texts]);
  return <RegistryProvider env={env}>{children}</RegistryProvider>;
}
