import { Result } from '@arco-design/web-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../contract/roles';
import {
  checkDescriptor,
  DescriptorView,
  type RegistryEnvironment,
  RegistryProvider,
  type RequestOptions,
  useRegistry,
  useRegistryEnv,
} from '../../../../ui-registry';
import { apiGet } from '../../../api/request';

/**
 * The descriptor being edited, drawn by the registry as the chosen role would see it. The
 * preview reads real data (GETs go through), but nothing it does changes anything: other
 * calls and navigation are refused with a notice. Hand-written (builtin) pages are not
 * mounted, since they call the API on their own.
 */
export function DescriptorPreview({ descriptor, role }: { descriptor: unknown; role: Role }) {
  const { t } = useTranslation();
  const env = useRegistryEnv();
  const registry = useRegistry();
  const sandbox = useMemo<RegistryEnvironment>(() => {
    const blocked = () => t('pageEditor.previewBlocked');
    return {
      ...env,
      role,
      // Silent: a wrong path in the draft shows in the preview's block, not as an app-wide notice.
      request: <T,>(method: string, path: string, options: RequestOptions = {}) =>
        method === 'GET'
          ? apiGet<T>(path, { params: options.params, signal: options.signal, silent: true })
          : Promise.reject(new Error(blocked())),
      navigate: () => env.notify('info', blocked()),
    };
  }, [env, role, t]);

  const check = useMemo(() => checkDescriptor(descriptor), [descriptor]);
  if (check.ok && check.page.type === 'builtin') {
    return (
      <Result status="info" title={t('pageEditor.builtinPreview', { component: check.page.component })} />
    );
  }
  return (
    <RegistryProvider env={sandbox} registry={registry}>
      <div className="page-editor-preview" data-testid="page-preview">
        <DescriptorView descriptor={descriptor} />
      </div>
    </RegistryProvider>
  );
}
