import {
  Alert,
  Button,
  Card,
  Empty,
  Grid,
  Input,
  Message,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { IconCode, IconSave, IconUndo } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ROLES, type Role } from '../../../../contract/roles';
import { LoadFailed } from '../../../../ui-registry';
import { confirmDiscard, useUnsavedChangesWarning } from '../menu-editor/unsaved-changes';
import { DraftStatus, RestoredDraft } from '../versions/DraftNotice';
import { EditingPresence } from '../versions/EditingPresence';
import { useEditingPresence } from '../versions/use-editing-presence';
import { useSharedDraft } from '../versions/use-shared-draft';
import { VersionHistory } from '../versions/VersionHistory';
import { formatJson } from './check-draft';
import { DescriptorPreview } from './DescriptorPreview';
import { PageConflict } from './PageConflict';
import { PageList } from './PageList';
import { usePageDraft, usePageList } from './use-page-draft';
import './page-editor.css';
import { titleOf } from '../../../i18n';

/** The value after it has stopped changing for `ms` (the preview fetches data; not on every key). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * /user/page-editor (superAdmin): edit a page's descriptor as JSON with live validation and
 * a live preview, save it as a new version, or bring back an earlier one.
 */
export default function PageEditor() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const pages = usePageList();
  const pageId = search.get('page') ?? pages.list[0]?.id ?? null;
  const draft = usePageDraft(pageId, i18n.language);
  const [previewRole, setPreviewRole] = useState<Role>('superAdmin');
  const previewValue = useSettled(draft.check.ok || draft.check.json ? draft.check.value : undefined, 300);
  useUnsavedChangesWarning(draft.dirty);
  const url = pageId ? `/pages/${pageId}` : null;
  const shared = useSharedDraft({
    url,
    loaded: draft.status === 'ready' && draft.history?.id === pageId,
    content: draft.draftContent,
    dirty: draft.dirty,
    baseVersion: draft.editedFromVersion,
    onFound: draft.adoptDraft,
  });
  const editors = useEditingPresence(url);

  const summary = pages.list.find((p) => p.id === pageId);

  const open = async (id: string) => {
    if (id === pageId || !(await confirmDiscard(draft.dirty))) return;
    setSearch((q) => {
      const next = new URLSearchParams(q);
      next.set('page', id);
      return next;
    });
  };

  const save = async () => {
    const saved = await draft.save();
    if (saved) {
      shared.published();
      Message.success(t('pageEditor.saved', { version: saved.version }));
      void pages.reload();
    }
  };

  const revert = async (version: number) => {
    const saved = await draft.revert(version);
    if (saved) {
      Message.success(t('pageEditor.reverted', { from: version, version: saved.version }));
      void pages.reload();
    }
  };

  if (pages.status === 'failed') {
    return (
      <Card bordered={false}>
        <LoadFailed title={t('pageEditor.loadFailed')} onRetry={() => pages.reload()} />
      </Card>
    );
  }

  const check = draft.check;
  const status = check.ok ? (
    <Alert type="success" content={t('pageEditor.valid')} data-testid="page-editor-check" />
  ) : (
    <Alert
      type="error"
      data-testid="page-editor-check"
      data-error-path={check.path}
      content={
        check.json
          ? t('pageEditor.invalidAt', {
              path: check.path || t('registry.rootPath'),
              message: t(check.message, { defaultValue: check.message }),
            })
          : t('pageEditor.invalidJson', { message: check.message })
      }
    />
  );

  const editor =
    draft.status === 'failed' ? (
      <LoadFailed title={t('pageEditor.loadFailed')} onRetry={() => draft.reload()} />
    ) : draft.status === 'loading' || !draft.history ? (
      <Spin block className="page-editor-loading" />
    ) : (
      <>
        <Grid.Row gutter={16}>
          <Grid.Col xs={24} xl={12}>
            <Card size="small" title={t('pageEditor.json')}>
              {shared.restored && (
                <RestoredDraft
                  draft={shared.restored}
                  published={draft.history.version}
                  onDiscard={() => void shared.discard().then(draft.discard)}
                />
              )}
              <Input.TextArea
                aria-label={t('pageEditor.json')}
                className="page-editor-json"
                spellCheck={false}
                autoSize={{ minRows: 18, maxRows: 36 }}
                value={draft.text}
                onChange={draft.setText}
              />
              <div className="page-editor-check">{status}</div>
              {draft.refusal?.conflict && (
                <PageConflict
                  pageId={pageId ?? ''}
                  conflict={draft.refusal.conflict}
                  mine={draft.check.ok ? draft.check.value : undefined}
                  onReapply={() => draft.refusal?.conflict && draft.reapplyOnTop(draft.refusal.conflict)}
                />
              )}
              {draft.refusal && !draft.refusal.conflict && (
                <Alert
                  type="error"
                  className="page-editor-refusal"
                  title={t('pageEditor.refused', { message: draft.refusal.message })}
                  content={draft.refusal.errors.map((e) => (
                    <div key={e.path + e.message} data-error-path={e.path}>
                      {`${e.path}: ${e.message}`}
                    </div>
                  ))}
                />
              )}
            </Card>
          </Grid.Col>
          <Grid.Col xs={24} xl={12}>
            <Card
              size="small"
              title={t('pageEditor.preview')}
              extra={
                <Space>
                  <Typography.Text type="secondary">{t('pageEditor.previewRole')}</Typography.Text>
                  <Select
                    size="small"
                    aria-label={t('pageEditor.previewRole')}
                    style={{ width: 140 }}
                    value={previewRole}
                    onChange={setPreviewRole}
                    options={ROLES.map((r) => ({ value: r, label: t(`enum.role.${r}`) }))}
                  />
                </Space>
              }
            >
              <Typography.Paragraph type="secondary">{t('pageEditor.previewNote')}</Typography.Paragraph>
              {previewValue === undefined ? (
                <Empty description={t('pageEditor.previewNone')} />
              ) : (
                <DescriptorPreview pageId={pageId ?? ''} descriptor={previewValue} role={previewRole} />
              )}
            </Card>
          </Grid.Col>
        </Grid.Row>
        <Card size="small" title={t('pageEditor.history')} className="page-editor-history">
          <VersionHistory
            url={`/pages/${pageId}`}
            list={draft.history.list}
            current={draft.history.source === 'stored' ? draft.history.version : 0}
            busy={draft.busy}
            onLoad={(v) => draft.setText(formatJson(v.descriptor))}
            onRestore={revert}
          />
        </Card>
      </>
    );

  return (
    <Card
      title={t('menu.pageEditor')}
      bordered={false}
      className="page-editor"
      extra={
        <Space>
          <EditingPresence editors={editors} />
          <DraftStatus state={shared.state} stored={shared.stored} />
          {draft.dirty && <Tag color="orangered">{t('editors.unsaved')}</Tag>}
          <Button
            icon={<IconCode />}
            disabled={!(check.ok || check.json)}
            onClick={() => draft.setText(formatJson(check.ok || check.json ? check.value : null))}
          >
            {t('pageEditor.format')}
          </Button>
          <Button icon={<IconUndo />} disabled={!draft.dirty} onClick={draft.discard}>
            {t('editors.discard')}
          </Button>
          <Button
            type="primary"
            icon={<IconSave />}
            loading={draft.busy}
            disabled={!check.ok || !draft.dirty}
            onClick={save}
          >
            {t('pageEditor.save')}
          </Button>
        </Space>
      }
    >
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} lg={6} xxl={5}>
          {pages.status === 'loading' ? (
            <Spin block />
          ) : (
            <PageList pages={pages.list} selected={pageId} onSelect={(id) => void open(id)} />
          )}
        </Grid.Col>
        <Grid.Col xs={24} lg={18} xxl={19}>
          {pageId && (
            <div className="page-editor-heading">
              <Typography.Title heading={6}>{summary ? titleOf(summary.title) : pageId}</Typography.Title>
              <Typography.Text type="secondary">{pageId}</Typography.Text>
              {draft.history && (
                <Tag color={draft.history.source === 'stored' ? 'arcoblue' : 'gray'}>
                  {t(`pageEditor.serving.${draft.history.source}`)}
                </Tag>
              )}
            </div>
          )}
          {pageId ? editor : <Empty description={t('pageEditor.pickPage')} />}
        </Grid.Col>
      </Grid.Row>
    </Card>
  );
}
