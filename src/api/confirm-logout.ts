import { Modal } from '@arco-design/web-react';
import { t } from '../i18n';

/** The confirm-logout modal, in its own chunk: Arco's Modal is too heavy for the login page's budget. */
export function showConfirmLogout(onOk: () => void, onCancel: () => void): void {
  Modal.confirm({
    title: t('http.logout.title'),
    content: t('http.logout.content'),
    okText: t('http.logout.ok'),
    cancelText: t('http.logout.cancel'),
    onOk,
    onCancel,
  });
}
