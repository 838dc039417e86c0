import type zh from '../zh-CN/http';

export default {
  'http.fallback': 'Error',
  'http.sensitiveWord': '{{msg}} (sensitive word: "{{value}}"; change it and try again)',
  'http.network': 'Network failure: check your connection and try again',
  'http.timeout': 'The request timed out; try again later',
  'http.status.400': 'Bad request: check what you entered',
  'http.status.401': 'Unauthorized: please log in again',
  'http.status.403': 'Access denied',
  'http.status.404': 'The requested resource does not exist',
  'http.status.500': 'Internal server error; try again later',
  'http.status.502': 'Bad gateway: the service is unavailable for now',
  'http.status.503': 'Service unavailable; try again later',
  'http.status.504': 'Gateway timeout; try again later',
  'http.status.other': 'Request failed (status {{status}})',
  'http.logout.title': 'Confirm logout',
  'http.logout.content': 'You have been logged out. Cancel to stay on this page, or log in again.',
  'http.logout.ok': 'Log in again',
  'http.logout.cancel': 'Cancel',
} satisfies Record<keyof typeof zh, string>;
