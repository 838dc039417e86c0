import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { arcoStyleImport } from './scripts/arco-style-import.ts';
import { frameChunk } from './scripts/frame-chunk.ts';

const apiPort = Number(process.env.API_PORT ?? 8081);

/**
 * G2's packages each nest their own copy of @antv/path-util 2.0.15 (the top level holds 3.x
 * for G2Plot), so the chart chunk carried it twice: they all get the first copy.
 */
function oneAntvPathUtil(): Plugin {
  const nestedIn = /[\\/]node_modules[\\/]@antv[\\/](g-base|g-canvas|g2|component)[\\/]/;
  return {
    name: 'casedesk:one-antv-path-util',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@antv/path-util' || !importer || !nestedIn.test(importer)) return null;
      return `${import.meta.dirname}/node_modules/@antv/g-base/node_modules/@antv/path-util/esm/index.js`;
    },
  };
}

/**
 * Arco's icons (one module each) each carry Babel's own copy of `ownKeys` and `_objectSpread`,
 * which only copy a props object onto a fresh literal: `Object.assign` does the same, and the
 * fifty icons of the signed-in frame lose about 30 kB before compression.
 */
function arcoIconsWithoutSpreadHelpers(): Plugin {
  const icon = /[\\/]@arco-design[\\/]web-react[\\/]icon[\\/]react-icon[\\/]Icon\w+[\\/]index\.js$/;
  const helpers =
    /^function ownKeys\(object, enumerableOnly\) \{.*\}\n\nfunction _objectSpread\(target\) \{.*\}$/m;
  return {
    name: 'casedesk:arco-icons-without-spread-helpers',
    enforce: 'pre',
    transform(code, id) {
      if (!icon.test(id) || !helpers.test(code)) return null;
      return { code: code.replace(helpers, 'var _objectSpread = Object.assign;'), map: null };
    },
  };
}

/**
 * One module's import of `source` answered by `replacement` (a file of this project): for parts
 * of a library that a module imports statically though the app never reaches them.
 */
function replaceImport(name: string, importer: RegExp, source: string, replacement: string): Plugin {
  return {
    name: `casedesk:${name}`,
    enforce: 'pre',
    resolveId(id, from) {
      if (id !== source || !from || !importer.test(from)) return null;
      return `${import.meta.dirname}/${replacement}`;
    },
  };
}

/**
 * Relative imports of a library's index modules answered by `replacement`, for classes the index
 * registers or exports as it loads though nothing here reaches them (see g2plot-unused.ts).
 */
function leaveOut(
  name: string,
  parts: Array<[importer: RegExp, sources: string[]]>,
  replacement: string,
): Plugin {
  return {
    name: `casedesk:${name}`,
    enforce: 'pre',
    resolveId(id, from) {
      if (!from) return null;
      const hit = parts.some(([importer, sources]) => importer.test(from) && sources.includes(id));
      return hit ? `${import.meta.dirname}/${replacement}` : null;
    },
  };
}

/**
 * The zod mini schemas every signed-in page runs (contract/zod-mini.ts) with a copy of zod of
 * their own in the browser build. The bundler tree-shakes a module once for the whole build,
 * and the classic schemas of other pages use nearly all of zod's core, so the workplace loaded
 * all of it (26 kB gzip) for the few schema kinds the descriptor needs. zod-mini.ts's imports
 * of zod, and everything they import, resolve to the same files marked as a copy, which the
 * bundler shakes on its own (about 10 kB). The copies share zod's settings and global registry
 * (kept on globalThis), and their schemas mix with classic ones: zod recognises its schemas,
 * errors and checks by their traits, not their classes. A page with both loads both.
 */
function zodMiniCopy(): Plugin {
  const copy = '?zod-mini-copy';
  const zodDir = `${import.meta.dirname}/node_modules/zod/`;
  const zodMini = /[\\/]contract[\\/]zod-mini\.ts$/;
  return {
    name: 'casedesk:zod-mini-copy',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const inCopy = importer.endsWith(copy);
      if (!inCopy && !(zodMini.test(importer) && /^zod(\/|$)/.test(source))) return null;
      const from = inCopy ? importer.slice(0, -copy.length) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !resolved.id.startsWith(zodDir)) return resolved;
      return `${resolved.id}${copy}`;
    },
    load(id) {
      return id.endsWith(copy) ? readFileSync(id.slice(0, -copy.length), 'utf8') : null;
    },
  };
}

const zodClassicSchemas = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;

// What every signed-in page loads, whichever page it is: see scripts/frame-chunk.ts.
const frame = frameChunk(
  /[\\/]src[\\/](layout[\\/]MainLayout\.tsx|router[\\/]guard\.ts|session[\\/](actors|session)\.ts|api[\\/](client|interceptors)\.ts)$/,
);

export default defineConfig({
  plugins: [
    frame.plugin,
    arcoStyleImport(import.meta.dirname),
    react(),
    oneAntvPathUtil(),
    arcoIconsWithoutSpreadHelpers(),
    // Layout.Sider without its ResizeBox, which it renders only when resizable.
    replaceImport(
      'sider-without-resize-box',
      /[\\/]@arco-design[\\/]web-react[\\/]es[\\/]Layout[\\/]sider\.js$/,
      '../ResizeBox',
      'src/app/sider-without-resize-box.ts',
    ),
    leaveOut(
      'arco-parts-left-out',
      [
        [/[\\/]@arco-design[\\/]web-react[\\/]es[\\/]Grid[\\/]index\.js$/, ['./grid', './grid-item']],
        [/[\\/]@arco-design[\\/]web-react[\\/]es[\\/]Avatar[\\/]index\.js$/, ['./group']],
        [/[\\/]@arco-design[\\/]web-react[\\/]es[\\/]Dropdown[\\/]index\.js$/, ['./button']],
      ],
      'src/app/arco-parts-unused.ts',
    ),
    // G2Plot's column and bar without the brush interactions and conversion tags, its column,
    // bar and pie without pattern fills, G2 without continuous legends: options no chart turns
    // on (charts/options.ts); G2's canvas without detect-browser, to ask only for Firefox.
    replaceImport(
      'g2plot-without-brush',
      /[\\/]@antv[\\/]g2plot[\\/]esm[\\/]adaptor[\\/]brush\.js$/,
      '../interactions/brush',
      'ui-registry/charts/g2plot-unused.ts',
    ),
    // Arco's Menu item scrolls itself into view with a library only for `autoScrollIntoView`.
    replaceImport(
      'menu-item-native-scroll',
      /[\\/]@arco-design[\\/]web-react[\\/]es[\\/]Menu[\\/]item\.js$/,
      'scroll-into-view-if-needed',
      'src/app/menu-scroll-native.ts',
    ),
    replaceImport(
      'arco-locale-without-dayjs',
      /[\\/]@arco-design[\\/]web-react[\\/]es[\\/]locale[\\/]zh-CN\.js$/,
      'dayjs/locale/zh-cn',
      'src/app/no-dayjs-locale.ts',
    ),
    replaceImport(
      'arco-dates-with-zh-cn',
      /[\\/]@arco-design[\\/]web-react[\\/]es[\\/](_util[\\/]dayjs|DatePicker[\\/]util|Statistic[\\/](index|countdown))\.js$/,
      'dayjs',
      'src/app/dayjs-with-zh-cn.ts',
    ),
    replaceImport(
      'axios-without-fetch-adapter',
      /[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/,
      './fetch.js',
      'src/app/axios-without-fetch.ts',
    ),
    replaceImport(
      'g2plot-without-conversion-tag',
      /[\\/]@antv[\\/]g2plot[\\/]esm[\\/]plots[\\/]column[\\/]adaptor\.js$/,
      '../../adaptor/conversion-tag',
      'ui-registry/charts/g2plot-unused.ts',
    ),
    leaveOut(
      'chart-parts-left-out',
      [
        [/[\\/]@antv[\\/]component[\\/]esm[\\/]legend[\\/]index\.js$/, ['./continuous']],
        [
          /[\\/]@antv[\\/]component[\\/]esm[\\/]annotation[\\/]index\.js$/,
          [
            './line',
            './text',
            './arc',
            './region',
            './image',
            './data-marker',
            './data-region',
            './region-filter',
            './shape',
          ],
        ],
        [/[\\/]@antv[\\/]adjust[\\/]esm[\\/]index\.js$/, ['./adjusts/jitter', './adjusts/symmetric']],
        [/[\\/]@antv[\\/]coord[\\/]esm[\\/]index\.js$/, ['./coord/helix']],
        [
          /[\\/]@antv[\\/]scale[\\/]esm[\\/]index\.js$/,
          ['./continuous/log', './continuous/pow', './continuous/quantize', './continuous/quantile'],
        ],
      ],
      'ui-registry/charts/g2plot-unused.ts',
    ),
    replaceImport(
      'g2-without-detect-browser',
      /[\\/]@antv[\\/]g-base[\\/]esm[\\/]abstract[\\/]canvas\.js$/,
      'detect-browser',
      'ui-registry/charts/g2plot-unused.ts',
    ),
    replaceImport(
      'g2plot-without-patterns',
      /[\\/]@antv[\\/]g2plot[\\/]esm[\\/]adaptor[\\/]pattern\.js$/,
      '../utils/pattern',
      'ui-registry/charts/g2plot-unused.ts',
    ),
    // React Router's package points every bundler at its development build, whose only
    // difference is ENABLE_DEV_WARNINGS = true (console warnings about misuse): the browser build
    // takes the production build it ships beside it, and the minifier drops the warnings.
    {
      name: 'casedesk:react-router-production',
      apply: 'build',
      enforce: 'pre',
      resolveId(id) {
        if (id !== 'react-router') return null;
        return `${import.meta.dirname}/node_modules/react-router/dist/production/index.mjs`;
      },
    },
    zodMiniCopy(),
    // zod's JSON Schema output, which only the server's OpenAPI document uses: out of the
    // browser build (vitest and the server keep the real modules).
    {
      ...replaceImport(
        'zod-without-json-schema-processors',
        zodClassicSchemas,
        '../core/json-schema-processors.js',
        'src/app/zod-without-json-schema.ts',
      ),
      apply: 'build',
    },
    {
      ...replaceImport(
        'zod-without-to-json-schema',
        zodClassicSchemas,
        '../core/to-json-schema.js',
        'src/app/zod-without-json-schema.ts',
      ),
      apply: 'build',
    },
  ],
  resolve: {
    // @antv/adjust nests tslib 1 for the two helpers (__assign, __extends) tslib 2 has unchanged.
    dedupe: ['tslib'],
    alias: [
      // G2's own entry registers every renderer, geometry, facet and interaction it has; the
      // registry's charts register only what they draw (ui-registry/charts/g2.ts). Tests resolve
      // the same way, so the chart tests draw with what the browser gets.
      { find: /^@antv\/g2$/, replacement: `${import.meta.dirname}/ui-registry/charts/g2.ts` },
      // lodash's `get` without its memoized path cache (src/app/lodash-get.ts).
      { find: /^lodash\/get(\.js)?$/, replacement: `${import.meta.dirname}/src/app/lodash-get.ts` },
      // Back-ports for browsers older than the build targets, which hand out the browser's or
      // React's own implementation when it exists: skip them and use that directly.
      {
        find: /^resize-observer-polyfill$/,
        replacement: `${import.meta.dirname}/src/app/native-resize-observer.ts`,
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: `${import.meta.dirname}/src/app/native-sync-external-store.ts`,
      },
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false,
    rolldownOptions: {
      output: { codeSplitting: { groups: [frame.group] } },
      treeshake: {
        // @antv/component (G2's axes, legends, tooltips) declares no `sideEffects` though it has
        // none: without this its slider and scrollbar stay in the chart chunk unused.
        moduleSideEffects: (id) =>
          /[\\/]node_modules[\\/]@antv[\\/]component[\\/]/.test(id) ? false : undefined,
      },
    },
  },
  test: {
    globals: true,
    // Two test files at a time (Vitest's default here is one: CPUs minus one). A file spends
    // much of its time starting a server and importing; two overlap that on a 2-CPU machine,
    // and every test is written to pass on a busy one.
    maxWorkers: 2,
    // Passwords hashed by the suite (the seeded demo accounts, sign-ups, resets) cost scrypt
    // N=1024, not the product's 16384: a sign-in then takes ~6 ms of CPU instead of ~120, and
    // the suite signs in thousands of times. The global setups pass it on to the seed, and
    // server processes the tests start inherit it. tests/unit/passwords.test.ts checks 16384.
    env: { PASSWORD_HASH_COST: '1024' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'tests/unit/**/*.test.ts',
            'tests/machines/**/*.test.ts',
            'tests/api/**/*.test.ts',
            // Real server processes on one database (PostgreSQL with TEST_PG_URL, else SQLite).
            'tests/multi/**/*.test.ts',
          ],
          globalSetup: ['tests/api/global-setup.ts'],
          // API tests start a real server and may make hundreds of requests; on a busy machine
          // that is slow but not wrong. The ceilings only bound how long a hung test takes.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The API suite again on PostgreSQL: PGlite in this process, or the server TEST_PG_URL names.
          name: 'api-pg',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup-pg.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['tests/components/**/*.test.tsx', 'tests/components/**/*.test.ts'],
          setupFiles: ['tests/setup-dom.ts'],
          // Several waits of up to 10 s (setup-dom's asyncUtilTimeout) may follow one another in
          // a test on a busy machine; the ceiling only bounds how long a hung test takes to fail.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
