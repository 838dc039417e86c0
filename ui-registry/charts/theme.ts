import { useEffect, useState } from 'react';

/** Arco's dark mode is `arco-theme="dark"` on body; the app's theme switch flips it. */
export function isDarkTheme(): boolean {
  return typeof document !== 'undefined' && document.body.getAttribute('arco-theme') === 'dark';
}

/** Follows the body attribute while mounted, so charts redraw when the user switches theme. */
export function useDarkTheme(): boolean {
  const [dark, setDark] = useState(isDarkTheme);
  useEffect(() => {
    const observer = new MutationObserver(() => setDark(isDarkTheme()));
    observer.observe(document.body, { attributes: true, attributeFilter: ['arco-theme'] });
    return () => observer.disconnect();
  }, []);
  return dark;
}
