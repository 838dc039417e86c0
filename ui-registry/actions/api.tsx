import { lazy, Suspense, useState } from 'react';
import type { ActionDescriptor } from '../../contract/pages/descriptor';
import { useRegistryEnv } from '../context';
import { toBody } from '../fields/values';
import { fillTemplate, getField } from '../record';
import type { ActionProps, DataRecord } from '../registry';
import { isConflict } from '../request-failure';
import { ActionButton } from './action-button';
import { ActionSummary } from './action-summary';
import { sendChange } from './send';

type ApiAction = Extract<ActionDescriptor, { kind: 'api' }>;

const isPlainRecord = (value: unknown): value is DataRecord =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

// Form and Modal arrive with the first action that asks something.
const ActionFormModal = lazy(() => import('./ActionFormModal'));

/**
 * A call to the API: `:params` of the path from the record, then the route. It asks first
 * when it has `confirm`; it sends nothing, the record, `{ ids }` of the ticked rows, or the
 * values of a small form. Success: a notice and `onDone` (the page reloads); failure: the
 * server's message.
 */
export function ApiAction({ action, record, params, selection, onDone }: ActionProps<ApiAction>) {
  const env = useRegistryEnv();
  const { t } = env;
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<boolean | null>(null);
  // Each opening of the dialog is a fresh form: nothing typed before carries over.
  const [opening, setOpening] = useState(0);
  const version = getField(record, 'version');
  const path = fillTemplate(action.path, (name) => getField(record, name) ?? params[name]);
  const body = action.body ?? 'none';
  const usable = path !== null && (body !== 'selection' || (selection?.keys.length ?? 0) > 0);

  // A refusal's figures (a 409's `{outstandingFen}`) replace the record's in the summary.
  const [refused, setRefused] = useState<DataRecord | null>(null);
  const summary = action.summary;
  const send = (payload: unknown) =>
    sendChange(
      env,
      { method: action.method, path: path ?? '', body: payload },
      { success: t(action.successMessage ?? 'registry.action.done', { label: t(action.label) }), onDone },
    );

  const start = async () => {
    if (!usable) return;
    if (action.confirm && !(await env.confirm(t(action.confirm)))) return;
    if (body === 'form') {
      setOpening((n) => n + 1);
      setAsking(true);
      return;
    }
    setBusy(true);
    const failure = await send(
      body === 'record' ? record : body === 'selection' ? { ids: selection?.keys ?? [] } : undefined,
    );
    setBusy(false);
    if (failure) env.notify('error', failure.message);
  };

  return (
    <>
      <ActionButton danger={action.danger} disabled={!usable} loading={busy} onClick={start}>
        {t(action.label)}
      </ActionButton>
      {asking !== null && (
        <Suspense fallback={null}>
          <ActionFormModal
            key={`${String(version)}:${opening}`}
            title={t(action.label)}
            fields={action.form ?? []}
            params={params}
            visible={asking}
            intro={
              summary && (
                <ActionSummary columns={summary} record={{ ...(record ?? {}), ...(refused ?? {}) }} />
              )
            }
            onCancel={() => {
              setAsking(false);
              setRefused(null);
            }}
            onSubmit={async (values) => {
              const sent = { ...action.values, ...toBody(action.form ?? [], values) };
              const failure = await send(action.sendVersion ? { ...sent, version } : sent);
              if (!failure) {
                setAsking(false);
                setRefused(null);
              } else if (action.sendVersion && isConflict(failure)) {
                // The record changed since it was read (409): the dialog closes, the list reads
                // it again and the notice says so; the person decides again on what they now see.
                setAsking(false);
                setRefused(null);
                onDone?.();
                env.notify('warning', failure.message);
                return null;
              } else if (isPlainRecord(failure.data)) setRefused(failure.data);
              return failure;
            }}
          />
        </Suspense>
      )}
    </>
  );
}
