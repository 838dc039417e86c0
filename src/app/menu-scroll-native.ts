/**
 * Stands in for `scroll-into-view-if-needed` in Arco's Menu item (see `replaceImport` in
 * vite.config.ts), which calls it only for a menu with `autoScrollIntoView`, and no menu here
 * sets it: the browser's own `scrollIntoView` does the same "if needed" with `block: 'nearest'`.
 * About 1 kB gzip on every signed-in page (Arco's Form keeps the real module).
 */
export default function scrollIntoView(target: Element, options?: { behavior?: string }): void {
  target.scrollIntoView({ behavior: options?.behavior === 'smooth' ? 'smooth' : 'auto', block: 'nearest' });
}
