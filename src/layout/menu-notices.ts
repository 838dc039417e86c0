import { Message, Notification } from '@arco-design/web-react';
import { t } from '../i18n';

const MENU_NOTICE = 'menu-load';

/**
 * What the user sees while the menu loads from the server: a loading notice, gone once the menu
 * is there (the menu itself says it loaded: no toast on every reload), or an error notification.
 * Their texts are in the catalogue's public part, as the first load starts right after sign-in,
 * before the signed-in frame's own part has arrived.
 */
let closeLoading: (() => void) | null = null;

export function showMenuLoading(): void {
  closeLoading?.();
  closeLoading = Message.loading({ id: MENU_NOTICE, content: t('menu.loading'), duration: 0 });
}

export function dismissMenuLoading(): void {
  closeLoading?.();
  closeLoading = null;
}

export function showMenuLoadFailed(error: string): void {
  dismissMenuLoading();
  Notification.error({
    id: MENU_NOTICE,
    title: t('menu.loadFailed'),
    content: t('menu.loadFailed.detail', { message: error }),
    duration: 8000,
  });
}
