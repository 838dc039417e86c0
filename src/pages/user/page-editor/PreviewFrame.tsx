import { Radio } from '@arco-design/web-react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Where the app draws a page: the layout's main column (src/layout/MainLayout.tsx). */
const PAGE_COLUMN = '.layout-main';

/** The content width of the column the page is drawn in, else of the window (no layout around). */
export function pageWidthAround(element: HTMLElement): number {
  const column = element.closest<HTMLElement>(PAGE_COLUMN);
  if (!column) return document.documentElement.clientWidth;
  const style = getComputedStyle(column);
  const padding = (Number.parseFloat(style.paddingLeft) || 0) + (Number.parseFloat(style.paddingRight) || 0);
  return column.clientWidth - padding;
}

export type FrameFit = 'fit' | 'actual';

/**
 * Draws a page at the width the real page will have, not the preview box's: Arco's grid
 * picks its columns by the window's width, so in a narrow box a stat card meant for a
 * quarter of the page got a quarter of the box (one character a line). `fit` scales the
 * page down to the box (a CSS transform: layout, charts' sizes and the grid stay the
 * page's); `actual` keeps it at 1:1 and scrolls.
 */
export function PreviewFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<FrameFit>('fit');
  const [size, setSize] = useState({ box: 0, page: 0, height: 0 });

  useLayoutEffect(() => {
    const outer = box.current;
    const inner = content.current;
    if (!outer || !inner) return;
    const measure = () =>
      setSize((was) => {
        const next = {
          box: outer.clientWidth,
          page: pageWidthAround(outer),
          height: inner.offsetHeight || 0,
        };
        return next.box === was.box && next.page === was.page && next.height === was.height ? was : next;
      });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(outer);
    observer.observe(inner);
    const column = outer.closest(PAGE_COLUMN);
    if (column) observer.observe(column);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  // Until measured (or where nothing is laid out) the page takes the box's width, as before.
  const pageWidth = size.page > 0 ? size.page : undefined;
  const scale = fit === 'fit' && pageWidth && size.box > 0 && size.box < pageWidth ? size.box / pageWidth : 1;
  return (
    <div className="page-editor-frame">
      <div className="page-editor-frame-bar">
        <Radio.Group
          type="button"
          size="mini"
          value={fit}
          onChange={setFit}
          aria-label={t('pageEditor.frame')}
        >
          <Radio value="fit">{t('pageEditor.frameFit')}</Radio>
          <Radio value="actual">{t('pageEditor.frameActual')}</Radio>
        </Radio.Group>
        {pageWidth && (
          <span className="page-editor-frame-size">
            {t('pageEditor.frameSize', { width: Math.round(pageWidth), percent: Math.round(scale * 100) })}
          </span>
        )}
      </div>
      <div
        ref={box}
        className={`page-editor-frame-box is-${fit}`}
        data-testid="page-preview-frame"
        style={scale < 1 ? { height: Math.ceil(size.height * scale) } : undefined}
      >
        <div
          ref={content}
          className="page-editor-frame-page"
          data-page-width={pageWidth ?? ''}
          data-scale={scale.toFixed(3)}
          style={{
            width: pageWidth,
            transform: scale < 1 ? `scale(${scale})` : undefined,
          }}
        >
          {children}
        </div>
      </div>
    </div>
  );
}
