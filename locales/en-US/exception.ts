import type zh from '../zh-CN/exception';

export default {
  'exception.403.subtitle': 'Sorry, you do not have permission to open this page',
  'exception.404.subtitle': 'Sorry, the page you are looking for does not exist',
  'exception.500.subtitle': 'Sorry, something went wrong on the server; try again later',
  'exception.action.backHome': 'Back to home',
  'exception.action.retry': 'Retry',
  'exception.action.back': 'Back',
  'exception.action.backToEdit': 'Back to edit',
  'exception.action.toLogin': 'Back to login',
  'exception.action.register': 'Register again',
  'exception.success.title': 'Submitted',
  'exception.success.subtitle': 'What you submitted has been processed',
  'exception.failure.title': 'Submission failed',
  'exception.failure.subtitle': 'Check and correct the information below, then submit again',
  'exception.failure.detailTitle': 'Error details',
  'exception.failure.detailIntro': 'What you submitted has these errors:',
  'exception.failure.unknown':
    'No details about the error were received; go back, correct and retry, or contact support if it persists',
  'exception.outcome.lawfirmRegistered.title': 'Application submitted',
  'exception.outcome.lawfirmRegistered.subtitle':
    'The platform reviews it within 1–3 working days and tells you by SMS; once approved, log in with the registered phone',
  'exception.outcome.lawyerRegistered.title': 'Registration submitted',
  'exception.outcome.lawyerRegistered.subtitle':
    'Once the platform approves it, log in with the registered phone and start taking cases',
  'exception.outcome.passwordReset.title': 'Password reset',
  'exception.outcome.passwordReset.subtitle':
    'Every device has been logged out; log in with your new password',
  'exception.steps.title': 'Progress',
  'exception.steps.submitted': 'Application submitted',
  'exception.steps.review': 'Platform review',
  'exception.steps.done': 'Approved, ready to log in',
  'exception.deleted.title': 'Account cancelled',
  'exception.deleted.subtitle':
    'Your account has been cancelled and the login data on this device cleared. Thank you for using CaseDesk; register again to come back.',
} satisfies Record<keyof typeof zh, string>;
