/**
 * Stands in for G2Plot's `interactions/brush` where its brush adaptor imports it (see
 * vite.config.ts). That module registers six brush interactions and a reset button with G2 as
 * soon as the column and bar plots load; the adaptor asks it for a configuration only when a
 * plot's `brush` option is on, and charts/options.ts never turns it on.
 */
export function getInteractionCfg(): undefined {
  return undefined;
}
