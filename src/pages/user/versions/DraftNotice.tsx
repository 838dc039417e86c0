import { Alert, Button, Popconfirm, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../contract/dates';
import type { Draft } from '../../../../contract/versions';
import type { AutosaveState } from './use-shared-draft';

/** Where the autosave stands: saving, failed, or "草稿已保存 · <who> <time>". */
export function DraftStatus({ state, stored }: { state: AutosaveState; stored: Draft }) {
  const { t } = useTranslation();
  if (state === 'saving')
    return (
      <Typography.Text type="secondary" data-testid="draft-status">
        {t('versions.draftSaving')}
      </Typography.Text>
    );
  if (state === 'failed')
    return (
      <Typography.Text type="error" data-testid="draft-status">
        {t('versions.draftFailed')}
      </Typography.Text>
    );
  if (!stored) return null;
  return (
    <Typography.Text type="secondary" data-testid="draft-status">
      {t('versions.draftSaved', {
        name: stored.updatedBy?.name ?? t('versions.someone'),
        time: formatDateTime(stored.updatedAt),
      })}
    </Typography.Text>
  );
}

/**
 * The editor opened on a shared draft instead of the published version: whose it is, when it
 * was saved, which version it started from, and a way to throw it away.
 */
export function RestoredDraft({
  draft,
  published,
  onDiscard,
}: {
  draft: NonNullable<Draft>;
  /** The version published now: a draft started from an older one says so. */
  published: number;
  onDiscard(): void;
}) {
  const { t } = useTranslation();
  const values = {
    name: draft.updatedBy?.name ?? t('versions.someone'),
    time: formatDateTime(draft.updatedAt),
    version: draft.baseVersion,
    published,
  };
  return (
    <Alert
      type="info"
      data-testid="restored-draft"
      style={{ marginBottom: 12 }}
      title={t('versions.draftRestored', values)}
      content={
        draft.baseVersion === published ? t('versions.draftPublishHint') : t('versions.draftOlder', values)
      }
      action={
        <Popconfirm
          focusLock
          title={t('versions.draftDiscardConfirm')}
          okText={t('versions.draftDiscard')}
          cancelText={t('common.cancel')}
          onOk={onDiscard}
        >
          <Button size="small" status="warning">
            {t('versions.draftDiscard')}
          </Button>
        </Popconfirm>
      }
    />
  );
}
