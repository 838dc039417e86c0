import { Alert, Button, Modal, Progress, Space } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { type BulkJob, bulkJobPath, bulkJobResultsPath } from '../../contract/bulk-jobs';
import { useRegistryEnv } from '../context';
import { readFailure } from '../request-failure';

/** How often the dialog asks for the job's progress while it runs. */
const POLL_MS = 1000;

interface Props {
  jobId: number;
  /** The job as already read (a reloaded page found it), shown until the first poll answers. */
  initial?: BulkJob;
  onClose: () => void;
}

/**
 * A bulk job's progress and result: a progress bar polled from GET /cases/bulk-jobs/:id while
 * it runs, then what it did and a download of every case's outcome (.xlsx). Closing it while it
 * runs leaves the job running; the case list finds it again (BulkJobResume).
 */
export default function BulkJobDialog({ jobId, initial, onClose }: Props) {
  const { t, request, download, notify } = useRegistryEnv();
  const [job, setJob] = useState<BulkJob | null>(initial ?? null);
  const [busy, setBusy] = useState(false);
  const finished = job !== null && job.status !== 'running';

  useEffect(() => {
    if (finished) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await request<BulkJob>('GET', bulkJobPath(jobId), { silent: true });
        if (stopped) return;
        setJob(next);
        if (next.status === 'running') timer = setTimeout(poll, POLL_MS);
      } catch (error) {
        if (stopped) return;
        notify('error', t('bulkJobs.pollFailed', { message: readFailure(error).message }));
        timer = setTimeout(poll, POLL_MS * 5);
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [jobId, finished, request, notify, t]);

  const label = job ? t(`bulkJobs.action.${job.action}`) : '';
  const percent = job && job.total > 0 ? Math.floor((job.done / job.total) * 100) : 0;
  const counts = job ?? { done: 0, total: 0, succeeded: 0, refused: 0 };
  const save = async () => {
    if (!download) return;
    setBusy(true);
    try {
      await download(bulkJobResultsPath(jobId));
    } catch (error) {
      notify('error', t('bulkJobs.downloadFailed', { message: readFailure(error).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('bulkJobs.title', { label })}
      visible
      onCancel={onClose}
      unmountOnExit
      autoFocus={false}
      maskClosable={false}
      style={{ width: 560, maxWidth: '95vw' }}
      data-testid="bulk-job"
      footer={
        <Space>
          {finished && download && (
            <Button loading={busy} onClick={save} data-testid="bulk-job-download">
              {t('bulkJobs.download')}
            </Button>
          )}
          <Button type="primary" onClick={onClose}>
            {finished ? t('common.close') : t('bulkJobs.background')}
          </Button>
        </Space>
      }
    >
      <Progress
        percent={percent}
        status={job?.status === 'failed' ? 'error' : job?.status === 'done' ? 'success' : 'normal'}
        style={{ marginBottom: 16 }}
      />
      {!finished && (
        <div data-testid="bulk-job-progress">
          {job && job.done > 0 ? t('bulkJobs.running', counts) : t('bulkJobs.waiting')}
        </div>
      )}
      {job?.status === 'done' && (
        <Alert type={job.refused === 0 ? 'success' : 'warning'} content={t('bulkJobs.done', counts)} />
      )}
      {job?.status === 'failed' && (
        <Alert type="error" content={t('bulkJobs.failed', { ...counts, failure: job.failure ?? '' })} />
      )}
    </Modal>
  );
}
