import { Card, Message, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { MenuVersion, RoleMenu } from '../../../../contract/menu-api';
import type { Role } from '../../../../contract/roles';
import { LoadFailed } from '../../../../ui-registry';
import { VersionHistory } from '../versions/VersionHistory';
import { useMenuHistory } from './use-menu-history';

/** The role's published menus, newest first: compare one with the current, or publish it again. */
export function MenuHistoryCard({
  role,
  published,
  busy,
  restore,
}: {
  role: Role;
  /** The version the editor holds (null while loading): the list is read again when it changes. */
  published: number | null;
  busy: boolean;
  restore(version: MenuVersion): Promise<RoleMenu | null>;
}) {
  const { t } = useTranslation();
  const { history, failed, retry } = useMenuHistory(role, published);
  const onRestore = async (version: number) => {
    const chosen = history?.list.find((v) => v.version === version);
    if (!chosen) return;
    const menu = await restore(chosen);
    if (menu) Message.success(t('menuEditor.restored', { from: version, version: menu.version }));
  };
  return (
    <Card size="small" title={t('menuEditor.history')} className="menu-editor-history">
      {failed ? (
        <LoadFailed title={t('versions.historyFailed')} onRetry={retry} />
      ) : !history ? (
        <Spin block />
      ) : (
        <VersionHistory
          url={`/menus/${role}`}
          list={history.list}
          current={history.version}
          busy={busy}
          onRestore={(v) => void onRestore(v)}
        />
      )}
    </Card>
  );
}
