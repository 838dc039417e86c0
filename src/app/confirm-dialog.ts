import { Modal } from '@arco-design/web-react';
import { i18n } from '../i18n';

/** The registry's confirm dialog, in its own chunk: Arco's Modal loads with the first question asked. */
export function confirmDialog(message: string): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title: i18n.t('common.confirm'),
      content: message,
      okText: i18n.t('common.ok'),
      cancelText: i18n.t('common.cancel'),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
