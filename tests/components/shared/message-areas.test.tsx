import { render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { messageAreaOf } from '../../../contract/message-areas';
import { BULK_MESSAGES_ZH_CN } from '../../../contract/messages-bulk-zh-CN';
import { VERSION_MESSAGES_ZH_CN } from '../../../contract/messages-versions-zh-CN';
import { CATALOGUES } from '../../../locales/all';
import { ensureTexts, i18n, t } from '../../../src/i18n';

/** The app as it starts: every catalogue part but the message areas, which load on demand. */
beforeEach(() => {
  for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
    i18n.removeResourceBundle(locale, 'translation');
    const withoutAreas = Object.fromEntries(
      Object.entries(catalogue).filter(([key]) => messageAreaOf(key) === null),
    );
    i18n.addResourceBundle(locale, 'translation', withoutAreas);
  }
});

function Shown({ k }: { k: string }) {
  const { t } = useTranslation();
  return <p>{t(k)}</p>;
}

describe('a message of an area not loaded yet', () => {
  it('is not at hand before its area loads (the premise of the tests below)', () => {
    expect(i18n.exists('version.notFound')).toBe(false);
    expect(i18n.exists('bulk.notFound')).toBe(false);
  });

  it('renders in its own words once its area has arrived, asked for by the render itself', async () => {
    render(<Shown k="version.notFound" />);
    expect(await screen.findByText(VERSION_MESSAGES_ZH_CN['version.notFound'])).toBeInTheDocument();
  });

  it('is there for a caller outside React that awaits ensureTexts (the HTTP layer’s notices)', async () => {
    await ensureTexts(['bulk.notFound', 'http.fallback']);
    expect(t('bulk.notFound')).toBe(BULK_MESSAGES_ZH_CN['bulk.notFound']);
  });

  it('comes in the reader’s language', async () => {
    await i18n.changeLanguage('en-US');
    render(<Shown k="version.someone" />);
    expect(await screen.findByText('Another administrator')).toBeInTheDocument();
  });
});
