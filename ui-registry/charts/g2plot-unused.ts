/**
 * Stands in for G2Plot modules that its column, bar and pie adaptors import for options
 * charts/options.ts never sets (see `replaceImport` in vite.config.ts). The adaptors call these
 * only when the option is on.
 */

/**
 * For `interactions/brush` (from `adaptor/brush`; read only with `brush.enabled`): the real
 * module registers six brush interactions and a reset button with G2 as soon as it loads.
 */
export function getInteractionCfg(): undefined {
  return undefined;
}

/**
 * For `utils/pattern` (from `adaptor/pattern`; called only with a `pattern` option): the real one
 * draws dot, line and square fills; without a pattern the adaptor keeps the series colour.
 */
export function getCanvasPattern(): undefined {
  return undefined;
}

/**
 * For `adaptor/conversion-tag` (from the column and bar adaptors; draws only with a
 * `conversionTag` option): the adaptor step passes the chart on unchanged.
 */
export function conversionTag() {
  return <T>(params: T): T => params;
}

/**
 * For classes that an index module of G2's dependencies registers or exports, though no chart
 * here builds one (vite.config.ts `chartPartsLeftOut`): `@antv/component`'s continuous legend
 * (G2 builds one only for a colour or size scale over numbers, and every chart here colours by
 * a category) and its annotations but the HTML one (the donut's centre total; no chart sets
 * `annotations`); `@antv/adjust`'s jitter and symmetric (column and bar stack or dodge, area
 * stacks); `@antv/coord`'s helix (charts are cartesian, pies polar); `@antv/scale`'s log, pow,
 * quantize and quantile scales (no chart sets a `meta` type; G2 picks cat, timeCat, linear or
 * identity itself).
 */
export default class ChartPartUnused {
  constructor() {
    throw new Error('ui-registry charts: this chart part is not loaded');
  }
}

/**
 * For `detect-browser` (from G2's canvas, which asks only whether the browser is Firefox): the
 * same answer from the user agent, without the library's table of every browser.
 */
export function detect(): { name: string } | null {
  if (typeof navigator === 'undefined') return null;
  return { name: /firefox|fxios/i.test(navigator.userAgent) ? 'firefox' : 'other' };
}
