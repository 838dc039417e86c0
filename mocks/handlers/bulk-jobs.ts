import { http } from 'msw';
import { ok } from '../envelope';

/** The case list asks for the caller's running bulk job when it opens: none. */
export const noRunningBulkJob = http.get('/api/cases/bulk-jobs/current', () => ok({ job: null }));
