import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports } from '../../scripts/import-direction';

const projectRoot = resolve(import.meta.dirname, '../..');

describe('the imports of the project', () => {
  it('point the way ARCHITECTURE.md §1 says, without cycles', () => {
    expect(checkImports(projectRoot)).toEqual([]);
  });
});

/** A throw-away project made of the given files (path -> text). */
let root = '';
function project(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'casedesk-imports-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
});

describe('the import check', () => {
  it('lets src/ use ui-registry/, machines/, contract/ and locales/', () => {
    const dir = project({
      'src/page.tsx': [
        "import { PageHost } from '../ui-registry/index';",
        "import { authMachine } from '../machines/authMachine';",
        "import { ROLES } from '../contract/roles';",
        "import { LOCALES } from '../locales';",
        "import { Button } from '@arco-design/web-react';",
      ].join('\n'),
      'ui-registry/index.ts': "export { ROLES } from '../contract/roles';",
      'machines/authMachine.ts': "import { setup } from 'xstate';",
      'contract/roles.ts': "import { z } from 'zod';",
      'locales/index.ts': "import { MESSAGES } from '../contract/messages';",
    });
    expect(checkImports(dir)).toEqual([]);
  });

  it('refuses an import of src/ from anywhere else, type-only and lazy ones too', () => {
    const dir = project({
      'src/api/request.ts': 'export const apiGet = 1;\nexport type Failure = string;',
      'ui-registry/table.tsx': "import type { Failure } from '../src/api/request';",
      'machines/menu.ts': "const load = () => import('../src/api/request');",
      'server/app.ts': "export * from '../src/api/request';",
      'src/main.tsx': "import { apiGet } from './api/request';",
    });
    expect(checkImports(dir)).toEqual([
      "machines/menu.ts:1 imports '../src/api/request': machines/ may import only machines/, contract/; not src/",
      "server/app.ts:1 imports '../src/api/request': server/ may import only server/, contract/, machines/; not src/",
      "ui-registry/table.tsx:1 imports '../src/api/request': ui-registry/ may import only ui-registry/, contract/; not src/",
    ]);
  });

  it('judges a path into node_modules/ as the package it reaches', () => {
    const dir = project({
      'src/app/zod-stand-in.ts': "export { aggregateChecks } from '../../node_modules/zod/v4/core/x.js';",
      'server/render.ts': "import { renderToString } from '../node_modules/react-dom/server.js';",
      'node_modules/zod/v4/core/x.js': 'export const aggregateChecks = 1;',
      'node_modules/react-dom/server.js': 'export const renderToString = 1;',
    });
    expect(checkImports(dir)).toEqual([
      "server/render.ts:1 imports '../node_modules/react-dom/server.js': server/ never imports React or what needs a DOM (react-dom)",
    ]);
  });

  it('refuses ui-registry/ and React in the server', () => {
    const dir = project({
      'server/pages/render.ts': [
        "import { renderToString } from 'react-dom/server';",
        "import { Button } from '@arco-design/web-react';",
        "import { PageHost } from '../../ui-registry/PageHost';",
        "import { z } from 'zod';",
        "import { readFile } from 'node:fs/promises';",
      ].join('\n'),
      'ui-registry/PageHost.tsx': 'export const PageHost = 1;',
    });
    expect(checkImports(dir)).toEqual([
      "server/pages/render.ts:1 imports 'react-dom/server': server/ never imports React or what needs a DOM (react-dom)",
      "server/pages/render.ts:2 imports '@arco-design/web-react': server/ never imports React or what needs a DOM (@arco-design/web-react)",
      "server/pages/render.ts:3 imports '../../ui-registry/PageHost': server/ may import only server/, contract/, machines/; not ui-registry/",
    ]);
  });

  it('refuses Node APIs and browser packages in contract/ and machines/', () => {
    const dir = project({
      'contract/files.ts': "import { readFileSync } from 'node:fs';\nimport { join } from 'path';",
      'machines/guard.ts': "import { useSelector } from '@xstate/react';\nimport axios from 'axios';",
    });
    expect(checkImports(dir)).toEqual([
      "contract/files.ts:1 imports 'node:fs': contract/ runs in the browser too: no Node API",
      "contract/files.ts:2 imports 'path': contract/ runs in the browser too: no Node API",
      "machines/guard.ts:1 imports '@xstate/react': machines/ runs in the browser and in Node: only xstate (@xstate/react)",
      "machines/guard.ts:2 imports 'axios': machines/ runs in the browser and in Node: only xstate (axios)",
    ]);
  });

  it('refuses an import cycle through runtime imports, but not through types alone', () => {
    const dir = project({
      'server/cases/detail.ts':
        "import { attachmentUrl } from './attachments';\nexport const visibleCase = 1;",
      'server/cases/attachments.ts':
        "import { visibleCase } from './detail';\nexport const attachmentUrl = 2;",
      'server/users/a.ts': "import type { B } from './b';\nexport type A = 1;",
      'server/users/b.ts': "import type { A } from './a';\nexport type B = 2;",
      'server/loop.ts': "import { loop } from './loop';\nexport const loop = 1;",
    });
    expect(checkImports(dir)).toEqual([
      'import cycle: server/cases/attachments.ts -> server/cases/detail.ts -> server/cases/attachments.ts',
      'import cycle: server/loop.ts -> server/loop.ts',
    ]);
  });

  it('does not judge tests/, which exercise every folder from outside', () => {
    const dir = project({
      'tests/components/login.test.tsx':
        "import { LoginPage } from '../../src/pages/login';\nimport 'node:fs';",
      'src/pages/login.tsx': 'export const LoginPage = 1;',
    });
    expect(checkImports(dir)).toEqual([]);
  });
});
