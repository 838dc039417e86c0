import { Alert, Result } from '@arco-design/web-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessRule } from '../../../../contract/access';
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
import { useAccessLabel } from '../menu-editor/AccessTag';
import { PreviewFrame } from './PreviewFrame';
import { type PageOpening, usePageOpening } from './use-page-opening';

interface Props {
  pageId: string;
  descriptor: unknown;
  role: Role;
}

/**
 * The descriptor being edited, drawn by the registry as the chosen role would see it: the
 * server says whether the role opens the page at all (its check for GET /api/pages/:id), and
 * the registry leaves out the columns, fields and actions the role may not use (the same
 * `can` the real page runs, with `env.role` set to that role). The rows are read with the
 * administrator's own session, which the notice says. Nothing the preview does changes
 * anything: other calls and navigation are refused with a notice. Hand-written (builtin)
 * pages are not mounted, since they call the API on their own.
 */
export function DescriptorPreview({ pageId, descriptor, role }: Props) {
  const { t } = useTranslation();
  const env = useRegistryEnv();
  const registry = useRegistry();
  const opening = usePageOpening(pageId, role, descriptor);
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
  const roleName = t(`enum.role.${role}`);
  let body: ReactNode;
  if (opening.status === 'known' && !opening.opens) {
    body = <ClosedToRole opening={opening} roleName={roleName} />;
  } else if (check.ok && check.page.type === 'builtin') {
    body = (
      <Result status="info" title={t('pageEditor.builtinPreview', { component: check.page.component })} />
    );
  } else {
    body = (
      <RegistryProvider env={sandbox} registry={registry}>
        <PreviewFrame>
          <DescriptorView descriptor={descriptor} />
        </PreviewFrame>
      </RegistryProvider>
    );
  }
  return (
    <div className="page-editor-preview" data-testid="page-preview" data-preview-role={role}>
      <Alert
        type="info"
        className="page-editor-preview-as"
        data-testid="page-preview-notice"
        content={t('pageEditor.previewAs', { role: roleName })}
      />
      {opening.status === 'failed' && (
        <Alert
          type="warning"
          className="page-editor-preview-as"
          content={t('pageEditor.previewOpeningFailed')}
        />
      )}
      {body}
    </div>
  );
}

function ClosedToRole({
  opening,
  roleName,
}: {
  opening: PageOpening & { status: 'known' };
  roleName: string;
}) {
  const { t } = useTranslation();
  const label = useAccessLabel();
  const subTitle =
    opening.closedBy === 'menu'
      ? t('pageEditor.previewClosed.menu', { role: roleName })
      : opening.rule
        ? t('pageEditor.previewClosed.ability', {
            role: roleName,
            ability: label(opening.rule as AccessRule),
          })
        : t('pageEditor.previewClosed.noRule');
  return (
    <Result
      status="403"
      data-testid="page-preview-closed"
      data-closed-by={opening.closedBy ?? ''}
      title={t('pageEditor.previewClosed.title', { role: roleName })}
      subTitle={subTitle}
    />
  );
}
