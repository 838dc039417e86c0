import { antvDark } from '@antv/g2/esm/theme/style-sheet/dark';
import { createThemeByStyleSheet } from '@antv/g2/esm/theme/util/create-by-style-sheet';

/**
 * G2's dark theme on a transparent background (Arco's dark card shows through). Its own
 * chunk: a chart asks for it only while the app is dark.
 */
export const darkTheme: Record<string, unknown> = {
  ...createThemeByStyleSheet(antvDark),
  background: 'transparent',
};
