import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Arco's JavaScript tree-shakes from its ES build, but its CSS does not: importing the whole
 * stylesheet costs about 65 kB gzip. For every `import { Button, Form } from
 * '@arco-design/web-react'` this adds the matching `es/<Name>/style/css.js`, so each page
 * carries only the styles of the components it uses.
 */
export function arcoStyleImport(root: string): Plugin {
  const esDir = join(root, 'node_modules/@arco-design/web-react/es');
  const known = new Map<string, boolean>();
  const hasStyle = (name: string) => {
    if (!known.has(name)) known.set(name, existsSync(join(esDir, name, 'style/css.js')));
    return known.get(name);
  };
  const pattern = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]@arco-design\/web-react['"];?/g;
  return {
    name: 'casedesk:arco-style-import',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes('@arco-design/web-react'))
        return null;
      const styles = new Set<string>();
      for (const match of code.matchAll(pattern)) {
        if (/^import\s*type/.test(match[0])) continue;
        for (const part of match[1].split(',')) {
          const name = part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0];
          if (name && !part.trim().startsWith('type ') && hasStyle(name)) styles.add(name);
        }
      }
      if (styles.size === 0) return null;
      const imports = [...styles]
        .map((name) => `import '@arco-design/web-react/es/${name}/style/css.js';`)
        .join('\n');
      return { code: `${imports}\n${code}`, map: null };
    },
  };
}
