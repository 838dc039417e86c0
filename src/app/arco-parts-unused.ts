/**
 * Stands in for Arco components that another Arco module attaches to its export as it loads,
 * though the app never renders them (see `leaveOut` in vite.config.ts): the CSS-grid `Grid`
 * itself and `Grid.GridItem` (the app and Arco's Form lay out with `Grid.Row` and `Grid.Col`,
 * which stay attached to this), `Avatar.Group` and `Dropdown.Button`. About 5 kB gzip on every
 * signed-in page. Rendering one says what happened.
 */
export default function ArcoPartUnused(): never {
  throw new Error(
    'This Arco component is left out of the browser build (vite.config.ts arco-parts-left-out)',
  );
}
