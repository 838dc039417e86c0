import type { ReactNode } from 'react';
import { EnvironmentContext, RegistryContext, type RegistryEnvironment } from './context';
import { defaultRegistry } from './defaults';
import type { Registry } from './registry';

export type {
  DownloadOptions,
  HttpMethod,
  NoticeKind,
  RegistryEnvironment,
  RegistryLocale,
  RegistryUser,
  RequestOptions,
} from './context';
export { useRegistry, useRegistryEnv } from './context';

/**
 * Hands the environment (and the registry, the app's own unless a test passes another) to
 * every renderer below. The app builds `env` from its HTTP client, router, i18n and session
 * and makes a new one when the role or the language changes, so renderers follow.
 */
export function RegistryProvider({
  env,
  registry = defaultRegistry,
  children,
}: {
  env: RegistryEnvironment;
  registry?: Registry;
  children: ReactNode;
}) {
  return (
    <RegistryContext.Provider value={registry}>
      <EnvironmentContext.Provider value={env}>{children}</EnvironmentContext.Provider>
    </RegistryContext.Provider>
  );
}
