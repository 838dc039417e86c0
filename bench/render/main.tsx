// Like the app's entry (src/main.tsx): Arco's React 19 adapter first, then its base styles.
import '@arco-design/web-react/es/_util/react-19-adapter';
import '@arco-design/web-react/es/style/index.css';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { DescriptorView, RegistryProvider } from '../../ui-registry';
import { plainCaseTable, shippedCaseTable } from './descriptors';
import { benchEnvironment, rows } from './environment';
import { HandWrittenFetchingTable, HandWrittenTable } from './HandWrittenTable';
import { type RenderMode, type RenderTiming, RUN_MARKS } from './page-api';
import { ROW_COUNT } from './rows';

/** Each way of drawing the case list. The descriptor goes through validation each time, as PageHost does. */
const PAGES: Record<RenderMode, () => ReactNode> = {
  descriptor: () => <DescriptorView descriptor={plainCaseTable} urlQuery />,
  descriptorShipped: () => <DescriptorView descriptor={shippedCaseTable} urlQuery />,
  handWritten: () => <HandWrittenTable rows={rows} />,
  handWrittenFetching: () => <HandWrittenFetchingTable />,
};

const lastCaseNo = rows[ROW_COUNT - 1].caseNo;

/** The 100th row is in, with its own case number (not a skeleton line or an empty-table row). */
function allRowsIn(container: HTMLElement): boolean {
  const trs = container.querySelectorAll('tbody > tr');
  return trs.length >= ROW_COUNT && (trs[ROW_COUNT - 1].textContent ?? '').includes(lastCaseNo);
}

/** Resolves after the next frame has been rendered: a task queued from requestAnimationFrame runs after its paint. */
function nextPaint(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    }),
  );
}

/** The app's frame around every page, hand-written or not: its router and the registry's environment. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={['/list/search-table']}>
      <RegistryProvider env={benchEnvironment}>{children}</RegistryProvider>
    </MemoryRouter>
  );
}

/**
 * Mounts one page into a fresh container and times it until its 100th row is painted; then
 * unmounts it. The user-timing marks around it let the driver read the main thread's CPU time
 * from a trace.
 */
async function run(mode: RenderMode): Promise<RenderTiming> {
  const stage = document.getElementById('stage') as HTMLElement;
  const container = document.createElement('div');
  stage.append(container);
  const root = createRoot(container);
  let domUpdates = 0;
  let rowsIn = Number.NaN;
  const seen = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      domUpdates++;
      if (!allRowsIn(container)) return;
      rowsIn = performance.now();
      observer.disconnect();
      resolve();
    });
    observer.observe(container, { childList: true, subtree: true, characterData: true });
  });
  performance.mark(RUN_MARKS.start);
  const start = performance.now();
  root.render(<Frame>{PAGES[mode]()}</Frame>);
  await seen;
  const painted = await nextPaint();
  performance.mark(RUN_MARKS.end);
  performance.clearMarks();
  root.unmount();
  container.remove();
  return { rows: rowsIn - start, painted: painted - start, domUpdates };
}

window.renderBench = { run };

// `#descriptor`, `#handWritten`…: show that page and keep it, to look at what is measured.
const shown = location.hash.slice(1) as RenderMode;
if (shown in PAGES) {
  createRoot(document.getElementById('stage') as HTMLElement).render(<Frame>{PAGES[shown]()}</Frame>);
}
