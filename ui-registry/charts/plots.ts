/**
 * The five G2Plot classes the chart kinds need, from their own ESM paths. G2Plot's root index
 * pulls in every plot (about 50 kinds, with their layout code); G2Plot declares no
 * `sideEffects`, so nothing of it tree-shakes away unless it is never imported. The G2 under
 * them is the registry's own (g2.ts). Loaded only by
 * `Chart.tsx`, with `import()`.
 */
export { Area } from '@antv/g2plot/esm/plots/area';
export { Bar } from '@antv/g2plot/esm/plots/bar';
export { Column } from '@antv/g2plot/esm/plots/column';
export { Line } from '@antv/g2plot/esm/plots/line';
export { Pie } from '@antv/g2plot/esm/plots/pie';

/** G2's dark theme, from this chunk: what it shares with G2's light theme stays here. */
export const loadDarkTheme = () => import('./dark-theme').then((module) => module.darkTheme);
