import { Modal } from '@arco-design/web-react';
import { useEffect } from 'react';
import { i18n } from '../../../i18n';

/**
 * Unsaved edits survive tab switches (pages are kept alive), so only leaving the app loses
 * them: while `dirty`, the browser asks before a reload or close.
 */
export function useUnsavedChangesWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** Asks before throwing away unsaved edits (switching role or page, discarding); true to go on. */
export function confirmDiscard(dirty: boolean): Promise<boolean> {
  if (!dirty) return Promise.resolve(true);
  return new Promise((resolve) => {
    Modal.confirm({
      title: i18n.t('editors.discardTitle'),
      content: i18n.t('editors.discardContent'),
      okText: i18n.t('editors.discardOk'),
      cancelText: i18n.t('common.cancel'),
      okButtonProps: { status: 'warning' },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
