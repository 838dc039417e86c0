import { Message, Notification } from '@arco-design/web-react';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';

const MENU_NOTICE = 'menu-load';

/**
 * What the user sees while the menu loads from the server: a loading notice, gone once the menu
 * is there (the menu itself says it loaded: no toast on every reload), or an error notification.
 * Their texts are in the catalogue's public part, as the first load starts right after sign-in,
 * before the signed-in frame's own part has arrived.
 */
let closeLoading: (() => void) | null = null;

/**
 * A notice's words, looked up when it renders and again when the catalogue arrives (initI18n
 * announces it by setting the language). A reload that restores the session starts loading
 * the menu before the catalogue is in: the notice then shows its spinner alone for that
 * moment, never the catalogue key.
 */
function Words({ k, values }: { k: string; values?: Record<string, string> }) {
  const { t, i18n } = useTranslation(undefined, { useSuspense: false });
  return i18n.exists(k) ? t(k, values) : '';
}

const words = (k: string, values?: Record<string, string>) => createElement(Words, { k, values });

export function showMenuLoading(): void {
  closeLoading?.();
  closeLoading = Message.loading({ id: MENU_NOTICE, content: words('menu.loading'), duration: 0 });
}

export function dismissMenuLoading(): void {
  closeLoading?.();
  closeLoading = null;
}

export function showMenuLoadFailed(error: string): void {
  dismissMenuLoading();
  Notification.error({
    id: MENU_NOTICE,
    title: words('menu.loadFailed'),
    content: words('menu.loadFailed.detail', { message: error }),
    duration: 8000,
  });
}
