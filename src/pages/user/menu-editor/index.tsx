import {
  Alert,
  Button,
  Card,
  Grid,
  Message,
  Popconfirm,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { IconRefresh, IconSave, IconUndo } from '@arco-design/web-react/icon';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../../contract/roles';
import { LoadFailed } from '../../../../ui-registry';
import { MenuPreview } from './MenuPreview';
import { MenuTree, type NodeProblem } from './MenuTree';
import { NodeInspector } from './NodeInspector';
import { findNode, isRemoved, nodeAtPath, treeForSave, updateNode } from './tree-model';
import { confirmDiscard, useUnsavedChangesWarning } from './unsaved-changes';
import { useMenuDraft } from './use-menu-draft';
import './menu-editor.css';
import { formatDateTime } from '../../../../contract/dates';
import { DraftStatus, RestoredDraft } from '../versions/DraftNotice';
import { EditingPresence } from '../versions/EditingPresence';
import { useEditingPresence } from '../versions/use-editing-presence';
import { useSharedDraft } from '../versions/use-shared-draft';
import { MenuConflict } from './MenuConflict';
import { MenuHistoryCard } from './MenuHistoryCard';

/**
 * /user/menu-editor (superAdmin): reshape one role's menu on the server. The role sees the
 * change on its next menu load; a page removed here is closed to the role by the server.
 */
export default function MenuEditor() {
  const { t } = useTranslation();
  const [role, setRole] = useState<Role>('lawyer');
  const menu = useMenuDraft(role);
  const { draft, setDraft, refusal } = menu;
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  useUnsavedChangesWarning(menu.dirty);
  const sent = useMemo(() => treeForSave(draft), [draft]);
  const shared = useSharedDraft({
    url: `/menus/${role}`,
    loaded: menu.status === 'ready' && menu.saved?.role === role,
    content: sent,
    dirty: menu.dirty,
    baseVersion: menu.editedFromVersion,
    onFound: menu.adoptDraft,
  });
  const editors = useEditingPresence(`/menus/${role}`);

  // The server names wrong nodes by their place in the tree that was sent.
  const { problems, general } = useMemo(() => {
    const byKey = new Map<string, NodeProblem[]>();
    const rest: string[] = [];
    for (const error of refusal?.errors ?? []) {
      const at = nodeAtPath(refusal?.sent ?? [], error.path);
      if (at) byKey.set(at.key, [...(byKey.get(at.key) ?? []), { field: at.field, message: error.message }]);
      else rest.push(error.path && error.path !== 'tree' ? `${error.path}: ${error.message}` : error.message);
    }
    return { problems: byKey, general: rest };
  }, [refusal]);

  const selected = selectedKey ? findNode(draft.tree, selectedKey) : null;
  const preview = sent;

  const switchRole = async (next: Role) => {
    if (next === role || !(await confirmDiscard(menu.dirty))) return;
    setSelectedKey(null);
    setRole(next);
  };

  const discard = async () => {
    if (await confirmDiscard(menu.dirty)) void menu.load();
  };

  const save = async () => {
    if (await menu.save()) {
      shared.published();
      Message.success(t('menuEditor.saved', { role: t(`enum.role.${role}`) }));
    } else Message.error(t('menuEditor.saveRefused'));
  };

  const reset = async () => {
    if (await menu.reset()) {
      shared.published();
      Message.success(t('menuEditor.resetDone', { role: t(`enum.role.${role}`) }));
    }
  };

  const saved = menu.saved;
  const toolbar = (
    <Space wrap>
      <span>{t('menuEditor.role')}</span>
      <Select
        aria-label={t('menuEditor.role')}
        style={{ width: 160 }}
        value={role}
        onChange={(next: Role) => void switchRole(next)}
        options={ROLES.map((r) => ({ value: r, label: t(`enum.role.${r}`) }))}
      />
      {saved && (
        <Tag color={saved.source === 'stored' ? 'arcoblue' : 'gray'}>
          {t(`menuEditor.source.${saved.source}`)}
        </Tag>
      )}
      {saved?.updatedAt && (
        <Typography.Text type="secondary">
          {t('menuEditor.savedAt', {
            name: saved.updatedBy ?? t('menuEditor.seed'),
            time: formatDateTime(saved.updatedAt),
          })}
        </Typography.Text>
      )}
      {menu.dirty && <Tag color="orangered">{t('editors.unsaved')}</Tag>}
      <DraftStatus state={shared.state} stored={shared.stored} />
      <EditingPresence editors={editors} />
    </Space>
  );

  const actions = (
    <Space>
      <Popconfirm
        focusLock
        title={t('menuEditor.resetConfirm', { role: t(`enum.role.${role}`) })}
        okText={t('menuEditor.resetOk')}
        cancelText={t('common.cancel')}
        onOk={reset}
      >
        <Button icon={<IconRefresh />} disabled={menu.status !== 'ready' || menu.busy}>
          {t('menuEditor.reset')}
        </Button>
      </Popconfirm>
      <Button icon={<IconUndo />} disabled={!menu.dirty || menu.busy} onClick={discard}>
        {t('editors.discard')}
      </Button>
      <Button
        type="primary"
        icon={<IconSave />}
        loading={menu.busy}
        disabled={!menu.dirty || menu.status !== 'ready'}
        onClick={save}
      >
        {t('menuEditor.save')}
      </Button>
    </Space>
  );

  let body: ReactNode;
  if (menu.status === 'failed') {
    body = <LoadFailed title={t('menuEditor.loadFailed')} onRetry={() => menu.load()} />;
  } else if (menu.status === 'loading') {
    body = <Spin block className="menu-editor-loading" />;
  } else {
    body = (
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} lg={11}>
          <Card
            size="small"
            title={t('menuEditor.tree')}
            extra={<Typography.Text type="secondary">{t('menuEditor.treeHint')}</Typography.Text>}
          >
            <MenuTree
              draft={draft}
              onChange={setDraft}
              selectedKey={selectedKey}
              onSelect={setSelectedKey}
              problems={problems}
            />
          </Card>
        </Grid.Col>
        <Grid.Col xs={24} lg={7}>
          <Card size="small" title={t('menuEditor.node')}>
            <NodeInspector
              node={selected}
              removed={selected ? isRemoved(draft, selected.key) : false}
              ownRemoval={selected ? draft.removed.has(selected.key) : false}
              problems={(selected && problems.get(selected.key)) || []}
              onPatch={(patch) =>
                selected && setDraft({ ...draft, tree: updateNode(draft.tree, selected.key, patch) })
              }
              onRemove={(remove) => {
                if (!selected) return;
                const removed = new Set(draft.removed);
                if (remove) removed.add(selected.key);
                else removed.delete(selected.key);
                setDraft({ ...draft, removed });
              }}
            />
          </Card>
        </Grid.Col>
        <Grid.Col xs={24} lg={6}>
          <Card size="small" title={t('menuEditor.preview', { role: t(`enum.role.${role}`) })}>
            <MenuPreview tree={preview} role={role} />
          </Card>
        </Grid.Col>
      </Grid.Row>
    );
  }

  return (
    <Card title={t('menu.menuEditor')} bordered={false} extra={actions} className="menu-editor">
      <div className="menu-editor-toolbar">{toolbar}</div>
      {shared.restored && saved && (
        <RestoredDraft
          draft={shared.restored}
          published={saved.version}
          onDiscard={() => void shared.discard().then(() => menu.load())}
        />
      )}
      {refusal?.conflict && (
        <MenuConflict
          role={role}
          conflict={refusal.conflict}
          mine={refusal.sent}
          onReapply={() => refusal.conflict && menu.reapplyOnTop(refusal.conflict)}
        />
      )}
      {refusal && !refusal.conflict && (
        <Alert
          type="error"
          className="menu-editor-refusal"
          title={`${t('menuEditor.refusedTitle')}${refusal.message ? `: ${refusal.message}` : ''}`}
          content={general.length ? general.map((g) => <div key={g}>{g}</div>) : t('menuEditor.refusedHint')}
        />
      )}
      {body}
      <MenuHistoryCard
        role={role}
        published={menu.status === 'ready' ? (saved?.version ?? null) : null}
        busy={menu.busy}
        restore={menu.restore}
      />
    </Card>
  );
}
