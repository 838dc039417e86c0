import type { Settings } from '../settings/store';

/** Arco's own primary colour: its stylesheet already carries these shades for light and dark. */
export const DEFAULT_PRIMARY = '#165DFF';

/**
 * Applies the settings that live outside React: light/dark (Arco reads `arco-theme` on
 * body), the primary colour as Arco's ten `--arcoblue-N` variables, and colour-weak mode.
 * The colour generator loads only for a colour other than the default.
 */
export async function applyTheme(
  settings: Pick<Settings, 'theme' | 'themeColor' | 'colorWeak'>,
): Promise<void> {
  const body = document.body;
  if (settings.theme === 'dark') body.setAttribute('arco-theme', 'dark');
  else body.removeAttribute('arco-theme');
  document.documentElement.style.filter = settings.colorWeak ? 'invert(80%)' : '';
  if (settings.themeColor.toUpperCase() === DEFAULT_PRIMARY) {
    for (let i = 1; i <= 10; i++) body.style.removeProperty(`--arcoblue-${i}`);
    return;
  }
  const shades = await primaryShades(settings.themeColor, settings.theme === 'dark');
  shades.forEach((rgb, i) => {
    body.style.setProperty(`--arcoblue-${i + 1}`, rgb);
  });
}

/** Ten shades of the primary colour as "r,g,b" strings (Arco's variable format). */
export async function primaryShades(color: string, dark: boolean): Promise<string[]> {
  const { generate, getRgbStr } = await import('@arco-design/color');
  return generate(color, { list: true, dark }).map((shade) => getRgbStr(shade));
}
