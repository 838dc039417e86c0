import { Message, Notification } from '@arco-design/web-react';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../locales';
import { CATALOGUES } from '../../../locales/all';
import { i18n } from '../../../src/i18n';
import { dismissMenuLoading, showMenuLoadFailed, showMenuLoading } from '../../../src/layout/menu-notices';

const messages = () => [...document.querySelectorAll('.arco-message')].map((el) => el.textContent?.trim());

beforeEach(async () => {
  // Right after sign-in only the public part of the catalogue is there: the signed-in frame's
  // part arrives with the frame, after the menu's first load has begun.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  for (const locale of Object.keys(CATALOGUES)) i18n.removeResourceBundle(locale, 'translation');
  i18n.addResourceBundle('zh-CN', 'translation', await loadCatalogue('zh-CN', 'public'));
  await i18n.changeLanguage('zh-CN');
});

afterEach(async () => {
  Message.clear();
  Notification.clear();
  for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
    i18n.removeResourceBundle(locale, 'translation');
    i18n.addResourceBundle(locale, 'translation', catalogue);
  }
  await waitFor(() => expect(document.querySelector('.arco-message, .arco-notification')).toBeNull());
});

describe('menu load notices', () => {
  it('says the menu is loading in words, then goes without a success toast', async () => {
    showMenuLoading();
    await waitFor(() => expect(messages()).toEqual(['正在加载菜单…']));
    dismissMenuLoading();
    await waitFor(() => expect(messages()).toEqual([]));
    // A reload after that (a role switch) shows the loading notice again, and again no toast.
    showMenuLoading();
    await waitFor(() => expect(messages()).toEqual(['正在加载菜单…']));
    dismissMenuLoading();
    await waitFor(() => expect(document.querySelector('.arco-message')).toBeNull());
  });

  it('shows no catalogue key when raised before the catalogue is in, and its words once it is', async () => {
    // A reload restoring the session starts the menu's load before initI18n has the catalogue.
    for (const locale of Object.keys(CATALOGUES)) i18n.removeResourceBundle(locale, 'translation');
    showMenuLoading();
    await waitFor(() => expect(document.querySelector('.arco-message')).not.toBeNull());
    expect(messages()).toEqual(['']);
    i18n.addResourceBundle('zh-CN', 'translation', await loadCatalogue('zh-CN', 'public'));
    await i18n.changeLanguage('zh-CN');
    await waitFor(() => expect(messages()).toEqual(['正在加载菜单…']));
    dismissMenuLoading();
  });

  it('says in words that the menu failed to load, and why', async () => {
    showMenuLoading();
    showMenuLoadFailed('网络异常');
    const notification = await waitFor(() => {
      const el = document.querySelector('.arco-notification');
      expect(el).not.toBeNull();
      return el as HTMLElement;
    });
    expect(notification.textContent).toContain('菜单加载失败');
    expect(notification.textContent).toContain('无法从后台获取菜单：网络异常');
    await waitFor(() => expect(document.querySelector('.arco-message')).toBeNull());
  });
});
