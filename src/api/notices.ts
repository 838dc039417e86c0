import { Message } from '@arco-design/web-react';

/**
 * Toasts of the HTTP layer and the login form. Loaded on first use: Arco's Message and its
 * transitions stay off the login page's first load (README, performance budget).
 */
export function showError(message: string, duration: number): void {
  // The same text twice (parallel calls failing alike) shows once: Arco updates by id.
  Message.error({ id: message, content: message, duration });
}

export function showSuccess(message: string): void {
  Message.success(message);
}
