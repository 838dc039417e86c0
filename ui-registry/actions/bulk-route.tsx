import { lazy, Suspense, useState } from 'react';
import type { BulkTransitionResult } from '../../contract/case-api';
import { type ActionDescriptor, BULK_ROUTE_PATH } from '../../contract/pages/descriptor';
import { useRegistryEnv } from '../context';
import type { ActionProps } from '../registry';
import { readFailure } from '../request-failure';
import { ActionButton } from './action-button';

type BulkRouteAction = Extract<ActionDescriptor, { kind: 'bulkRoute' }>;

const BulkResultDialog = lazy(() => import('./BulkResultDialog'));
const BulkJobDialog = lazy(() => import('./BulkJobDialog'));

/**
 * 按规则分案: the ticked cases pushed to firms by the routing rules, after a confirmation; the
 * dialog then lists each case's firm or why none (not pooled, no rule with room). With every
 * case of the filter selected (选择全部 N 条) it runs as a bulk job on the list's filter,
 * followed in BulkJobDialog.
 */
export function BulkRouteAction({ action, selection, query, onDone }: ActionProps<BulkRouteAction>) {
  const env = useRegistryEnv();
  const { t } = env;
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BulkTransitionResult | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const ids = selection?.keys ?? [];
  const everything = selection?.all;
  const count = everything ? everything.total : ids.length;

  const start = async () => {
    if (ids.length === 0) return;
    const asked = everything
      ? t('bulkJobs.confirm', { count, label: t(action.label) })
      : t(action.confirm ?? 'registry.bulk.routeConfirm', { count });
    if (!(await env.confirm(asked))) return;
    setBusy(true);
    try {
      const answer = await env.request<BulkTransitionResult | { id: number }>('POST', BULK_ROUTE_PATH, {
        body: everything ? { filter: query ?? {} } : { caseIds: ids },
        silent: true,
      });
      if ('id' in answer) setJobId(answer.id);
      else setResult(answer);
    } catch (error) {
      env.notify('error', readFailure(error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ActionButton disabled={ids.length === 0} loading={busy} onClick={start}>
        {t(action.label)}
      </ActionButton>
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
