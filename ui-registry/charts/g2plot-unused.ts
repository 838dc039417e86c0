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
 * For `@antv/component`'s continuous legend (from its legend index; G2 builds one only for a
 * colour or size scale over numbers, and every chart here colours by a category).
 */
export default class ContinuousLegendUnused {
  constructor() {
    throw new Error('ui-registry charts: continuous legends are not loaded');
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
