export type Catalogue = Record<string, string>;

/** Merges a language's area modules (zh-CN/login.ts, zh-CN/menu.ts...) in a stable order. */
export function mergeCatalogue(modules: Record<string, { default: Catalogue }>): Catalogue {
  const out: Catalogue = {};
  for (const path of Object.keys(modules).sort()) Object.assign(out, modules[path].default);
  return out;
}
