import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { currentLocale, setLocale } from '../../../src/i18n';
import SettingsDrawer from '../../../src/layout/settings/SettingsDrawer';
import { applyTheme } from '../../../src/layout/theme';
import { DEFAULT_SETTINGS, SETTINGS_KEY, settingsStore } from '../../../src/settings/store';

afterEach(() => settingsStore.reset());

describe('the settings store', () => {
  it('starts from the defaults: light theme, #165DFF, 220 px menu, menu from the server', () => {
    settingsStore.reset();
    expect(settingsStore.get()).toMatchObject({
      theme: 'light',
      themeColor: '#165DFF',
      menuWidth: 220,
      menuFromServer: true,
    });
  });

  it('persists every change in localStorage and reads it back', () => {
    settingsStore.update((s) => {
      s.tabBar = false;
      s.menuWidth = 260;
    });
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}')).toMatchObject({
      tabBar: false,
      menuWidth: 260,
    });
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...DEFAULT_SETTINGS, footer: false }));
    settingsStore.reload();
    expect(settingsStore.get().footer).toBe(false);
    expect(settingsStore.get().tabBar).toBe(true);
  });

  it('ignores stored values of the wrong type and unknown keys', () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ navbar: 'no', menuWidth: 300, evil: '<script>' }));
    settingsStore.reload();
    expect(settingsStore.get().navbar).toBe(true);
    expect(settingsStore.get().menuWidth).toBe(300);
    expect(settingsStore.get()).not.toHaveProperty('evil');
  });

  it('survives storage that is not JSON', () => {
    localStorage.setItem(SETTINGS_KEY, '{not json');
    settingsStore.reload();
    expect(settingsStore.get()).toEqual(DEFAULT_SETTINGS);
  });
});

describe('the settings drawer', () => {
  it('applies a switch to the store at once', async () => {
    render(<SettingsDrawer visible onClose={() => {}} />);
    expect(await screen.findByText('页面配置')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: '多页签' }));
    expect(settingsStore.get().tabBar).toBe(false);
    await userEvent.click(screen.getByRole('switch', { name: '菜单来自后台' }));
    expect(settingsStore.get().menuFromServer).toBe(false);
    await userEvent.click(screen.getByRole('switch', { name: '色弱模式' }));
    expect(settingsStore.get().colorWeak).toBe(true);
  });

  it('restores the defaults', async () => {
    act(() => settingsStore.set('footer', false));
    render(<SettingsDrawer visible onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: '恢复默认' }));
    expect(settingsStore.get()).toEqual(DEFAULT_SETTINGS);
  });
});

describe('the theme', () => {
  afterEach(() => applyTheme(DEFAULT_SETTINGS));

  it('switches Arco to dark through the body attribute', async () => {
    await applyTheme({ ...DEFAULT_SETTINGS, theme: 'dark' });
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    await applyTheme(DEFAULT_SETTINGS);
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
  });

  it('writes ten --arcoblue shades for a custom colour and removes them for the default', async () => {
    await applyTheme({ ...DEFAULT_SETTINGS, themeColor: '#F53F3F' });
    const shades = Array.from({ length: 10 }, (_, i) =>
      document.body.style.getPropertyValue(`--arcoblue-${i + 1}`),
    );
    expect(shades.every((s) => /^\d+,\d+,\d+$/.test(s))).toBe(true);
    expect(shades[5]).toBe('245,63,63');
    await applyTheme(DEFAULT_SETTINGS);
    expect(document.body.style.getPropertyValue('--arcoblue-6')).toBe('');
  });

  it('inverts colours by 80% in colour-weak mode', async () => {
    await applyTheme({ ...DEFAULT_SETTINGS, colorWeak: true });
    expect(document.documentElement.style.filter).toBe('invert(80%)');
  });
});

describe('the language', () => {
  it('is stored under arco-locale and followed by <html lang>', async () => {
    await setLocale('en-US');
    expect(localStorage.getItem('arco-locale')).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(currentLocale()).toBe('en-US');
    await setLocale('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('re-renders the settings drawer in English', async () => {
    render(<SettingsDrawer visible onClose={() => {}} />);
    await screen.findByText('页面配置');
    await act(() => setLocale('en-US'));
    expect(await screen.findByText('Page settings')).toBeInTheDocument();
  });
});
