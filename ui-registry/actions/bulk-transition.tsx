import { Alert } from '@arco-design/web-react';
import { lazy, Suspense, useState } from 'react';
import { BULK_JOBS_PATH } from '../../contract/bulk-jobs';
import type { BulkTransitionResult } from '../../contract/case-api';
import { type ActionDescriptor, BULK_TRANSITION_PATH } from '../../contract/pages/descriptor';
import { useRegistryEnv } from '../context';
import { toBody } from '../fields/values';
import { getField } from '../record';
import type { ActionProps } from '../registry';
import { readFailure } from '../request-failure';
import { displayText } from '../widgets/text';
import { ActionButton } from './action-button';
import { TRANSITION_FIELDS } from './transition-fields';

type BulkTransitionAction = Extract<ActionDescriptor, { kind: 'bulkTransition' }>;

const ActionFormModal = lazy(() => import('./ActionFormModal'));
const BulkResultDialog = lazy(() => import('./BulkResultDialog'));
const BulkJobDialog = lazy(() => import('./BulkJobDialog'));

/** The bulk job each bulk event runs as when every case of the filter is selected. */
const JOB_ACTION = { PUSH: 'push', ASSIGN: 'assign', CLOSE: 'close' } as const;

/**
 * One case status event for every ticked case (the case list's bulk assign, push, close): the
 * details are asked once (the same fields as the single transition), the server decides each
 * case on its own, and a dialog then lists which cases it was done for and which were refused,
 * and why. The list reloads when the dialog closes. With every case of the filter selected
 * (选择全部 N 条, `selection.all`), it asks for confirmation and runs as a bulk job on the
 * list's filter instead, followed in BulkJobDialog.
 */
export function BulkTransitionAction({
  action,
  params,
  selection,
  query,
  onDone,
}: ActionProps<BulkTransitionAction>) {
  const env = useRegistryEnv();
  const { t } = env;
  const [asking, setAsking] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BulkTransitionResult | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const fields = TRANSITION_FIELDS[action.event];
  const ids = selection?.keys ?? [];
  const everything = selection?.all;
  const count = everything ? everything.total : ids.length;
  // Ticked cases waiting for a firm's answer: assigning them withdraws their push (as the row's 分配 says).
  const withdrawn =
    action.event === 'ASSIGN'
      ? (selection?.rows ?? []).filter((row) => getField(row, 'assignWithdrawsPush') === true)
      : [];

  const send = async (details: Record<string, unknown>) => {
    try {
      if (everything) {
        const job = await env.request<{ id: number }>('POST', BULK_JOBS_PATH, {
          body: { action: JOB_ACTION[action.event], filter: query ?? {}, ...details },
          silent: true,
        });
        setJobId(job.id);
        return null;
      }
      const answer = await env.request<BulkTransitionResult>('POST', BULK_TRANSITION_PATH, {
        body: { event: action.event, ids, ...details },
        silent: true,
      });
      setResult(answer);
      return null;
    } catch (error) {
      return readFailure(error);
    }
  };

  const start = async () => {
    if (ids.length === 0) return;
    if (everything) {
      if (!(await env.confirm(t('bulkJobs.confirm', { count, label: t(action.label) })))) return;
    } else if (action.confirm && !(await env.confirm(t(action.confirm, { count: ids.length })))) return;
    if (fields) {
      setAsking(true);
      return;
    }
    setBusy(true);
    const failure = await send({});
    setBusy(false);
    if (failure) env.notify('error', failure.message);
  };

  return (
    <>
      <ActionButton danger={action.danger} disabled={ids.length === 0} loading={busy} onClick={start}>
        {t(action.label)}
      </ActionButton>
      {fields && asking !== null && (
        <Suspense fallback={null}>
          <ActionFormModal
            title={t('registry.bulk.title', { label: t(action.label), count })}
            fields={fields}
            params={params}
            visible={asking}
            {...(withdrawn.length > 0 && !everything
              ? {
                  intro: (
                    <Alert
                      type="warning"
                      data-testid="bulk-assign-withdraws-push"
                      style={{ marginBottom: 16 }}
                      content={
                        <>
                          {t('registry.bulk.assignWithdrawsPush', { count: withdrawn.length })}
                          <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                            {withdrawn.map((row) => (
                              <li key={String(getField(row, 'id') ?? getField(row, 'caseNo'))}>
                                {t('registry.bulk.caseAtFirm', {
                                  caseNo: displayText(getField(row, 'caseNo')),
                                  firm: displayText(getField(row, 'lawFirmName')),
                                })}
                              </li>
                            ))}
                          </ul>
                        </>
                      }
                    />
                  ),
                  okText: t('registry.transition.assignConfirm'),
                }
              : {})}
            onCancel={() => setAsking(false)}
            onSubmit={async (values) => {
              const failure = await send(toBody(fields, values));
              if (!failure) setAsking(false);
              return failure;
            }}
          />
        </Suspense>
      )}
      {jobId !== null && (
        <Suspense fallback={null}>
          <BulkJobDialog
            jobId={jobId}
            onClose={() => {
              setJobId(null);
              onDone?.();
            }}
          />
        </Suspense>
      )}
      {result && (
        <Suspense fallback={null}>
          <BulkResultDialog
            title={t(action.label)}
            result={result}
            onClose={() => {
              setResult(null);
              onDone?.();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
