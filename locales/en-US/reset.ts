import type zh from '../zh-CN/reset';

export default {
  'reset.title': 'Reset password',
  'reset.subtitle':
    'Receive a code on your registered phone and choose a new password; every device is logged out afterwards',
  'reset.field.newPassword': 'New password',
  'reset.submit': 'Reset password',
  'reset.remembered': 'Remembered it?',
} satisfies Record<keyof typeof zh, string>;
