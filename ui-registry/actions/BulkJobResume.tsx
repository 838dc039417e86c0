import { lazy, Suspense, useEffect, useState } from 'react';
import { BULK_JOBS_PATH, type BulkJob } from '../../contract/bulk-jobs';
import { useRegistryEnv } from '../context';

const BulkJobDialog = lazy(() => import('./BulkJobDialog'));

/**
 * On a list that runs bulk jobs: the caller's job still running when the page opens (after a
 * reload, or on coming back) shows its progress again, from GET /cases/bulk-jobs/current.
 */
export function BulkJobResume({ onDone }: { onDone: () => void }) {
  const { request } = useRegistryEnv();
  const [job, setJob] = useState<BulkJob | null>(null);
  useEffect(() => {
    let stopped = false;
    request<{ job: BulkJob | null }>('GET', `${BULK_JOBS_PATH}/current`, { silent: true })
      .then((answer) => {
        if (!stopped) setJob(answer.job);
      })
      // Not finding it is not worth a notice: the list itself works on.
      .catch(() => {});
    return () => {
      stopped = true;
    };
  }, [request]);
  if (!job) return null;
  return (
    <Suspense fallback={null}>
      <BulkJobDialog
        jobId={job.id}
        initial={job}
        onClose={() => {
          setJob(null);
          onDone();
        }}
      />
    </Suspense>
  );
}
