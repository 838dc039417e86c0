import type zh from '../zh-CN/bulk-jobs';

export default {
  'bulkJobs.selectAll': 'Select all {{total}}',
  'bulkJobs.allSelected': 'All {{total}} selected (every case matching the current filter)',
  'bulkJobs.pageOnly': 'This page only',
  'bulkJobs.confirm':
    '"{{label}}" will run on all {{count}} cases matching the current filter, one by one, as a background job. Go ahead?',
  'bulkJobs.title': 'Bulk job: {{label}}',
  'bulkJobs.running': 'Working: {{done}} of {{total}} cases done',
  'bulkJobs.waiting': 'The job is queued and will start shortly…',
  'bulkJobs.done': 'Job finished: {{succeeded}} done, {{refused}} refused (of {{total}})',
  'bulkJobs.failed':
    'Job interrupted: {{failure}} {{done}} of {{total}} cases handled ({{succeeded}} done, {{refused}} refused)',
  'bulkJobs.download': 'Download the results (.xlsx)',
  'bulkJobs.downloadFailed': 'The results could not be downloaded: {{message}}',
  'bulkJobs.background': 'Run in background',
  'bulkJobs.resumed': 'A bulk job of yours is running',
  'bulkJobs.pollFailed': 'The job’s progress could not be read: {{message}}',
  'bulkJobs.action.push': 'Push to firm',
  'bulkJobs.action.route': 'Route by rules',
  'bulkJobs.action.assign': 'Assign',
  'bulkJobs.action.close': 'Close',
} satisfies Record<keyof typeof zh, string>;
