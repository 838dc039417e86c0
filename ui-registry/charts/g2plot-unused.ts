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
