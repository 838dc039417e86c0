import { Alert, Button, Space, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../contract/dates';
import { jsonDiff, type VersionConflict } from '../../../../contract/versions';
import { DiffView } from './DiffView';

interface Props {
  conflict: VersionConflict;
  /** The newer version's JSON, once fetched; undefined while it loads. */
  theirs: unknown;
  /** What this editor tried to publish. */
  mine: unknown;
  onReapply(): void;
}

/**
 * A publish refused as stale (409): who saved the newer version and when, the difference
 * between that version and this edit side by side, and reapplying the edit on top of it.
 */
export function ConflictPanel({ conflict, theirs, mine, onReapply }: Props) {
  const { t } = useTranslation();
  const who = conflict.savedBy?.name ?? t('versions.someone');
  return (
    <Alert
      type="warning"
      data-testid="version-conflict"
      title={t('versions.conflictTitle', {
        name: who,
        version: conflict.version,
        time: formatDateTime(conflict.savedAt),
      })}
      content={
        <Space direction="vertical" style={{ width: '100%' }}>
          {/* Always two children: Space keys them by position, so the button keeps its node (a
              click in flight is not lost) when the newer version arrives. */}
          {theirs === undefined ? (
            <Spin size={16} />
          ) : (
            <DiffView
              list={jsonDiff(theirs, mine)}
              beforeLabel={t('versions.theirs', { name: who, version: conflict.version })}
              afterLabel={t('versions.mine')}
            />
          )}
          <Button type="primary" size="small" onClick={onReapply}>
            {t('versions.reapply', { version: conflict.version })}
          </Button>
        </Space>
      }
    />
  );
}
