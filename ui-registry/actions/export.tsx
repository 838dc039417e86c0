import { useState } from 'react';
import type { ActionDescriptor } from '../../contract/pages/descriptor';
import { useRegistryEnv } from '../context';
import { fillTemplate, getField } from '../record';
import type { ActionProps } from '../registry';
import { readFailure } from '../request-failure';
import { ActionButton } from './action-button';

type ExportAction = Extract<ActionDescriptor, { kind: 'export' }>;

/**
 * A CSV of the table's current filter and sort, streamed by the server (UTF-8 with BOM) and
 * saved by the environment's `download`, which sends the session's Authorization header. As
 * a bulk action it exports the ticked rows (`ids=1,2,3`).
 */
export function ExportAction({ action, record, params, selection, query }: ActionProps<ExportAction>) {
  const { t, confirm, notify, download } = useRegistryEnv();
  const [busy, setBusy] = useState(false);
  const path = fillTemplate(action.path, (name) => getField(record, name) ?? params[name]);
  const usable = path !== null && download !== undefined;

  const start = async () => {
    if (!usable) return;
    if (action.confirm && !(await confirm(t(action.confirm)))) return;
    // Every case of the filter selected (选择全部 N 条): the filter alone says which.
    const ids = selection?.keys.length && !selection.all ? { ids: selection.keys.join(',') } : {};
    setBusy(true);
    try {
      await download(path, { params: { ...query, ...ids } });
    } catch (error) {
      notify('error', t('registry.export.failed', { message: readFailure(error).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionButton
      danger={action.danger}
      disabled={!usable}
      loading={busy}
      title={download ? undefined : t('registry.export.unavailable')}
      onClick={start}
    >
      {t(action.label)}
    </ActionButton>
  );
}
