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

  it('refuses a runtime loop between server/ subfolders, however long, and names an import of each step', () => {
    const dir = project({
      // No file imports itself back: the loop is between the folders only.
      'server/menus/routes.ts': "import { pageAccess } from '../pages/store';",
      'server/menus/store.ts': 'export const menuOf = 1;',
      'server/pages/store.ts': 'export const pageAccess = 1;',
      'server/pages/routes.ts': "import { firmOf } from '../lawfirms/firm';",
      'server/lawfirms/firm.ts': "import { menuOf } from '../menus/store';\nexport const firmOf = 1;",
      // Files of one folder importing each other make no loop between folders.
      'server/cases/a.ts': "import { b } from './b';\nexport const a = 1;",
      'server/cases/b.ts': 'export const b = 2;',
    });
    expect(checkImports(dir)).toEqual([
      "import cycle between server/ parts: lawfirms/ -> menus/ -> pages/ -> lawfirms/ (server/lawfirms/firm.ts:1 imports '../menus/store'; server/menus/routes.ts:1 imports '../pages/store'; server/pages/routes.ts:1 imports '../lawfirms/firm')",
    ]);
  });

  it('counts a file at the top of server/ as a part of its own, and a type-only import in a loop of parts', () => {
    const dir = project({
      'server/storage/cli.ts': "import { readConfig } from '../config';",
      'server/wallets/summary.ts':
        "import { type Ctx, audit } from '../audit/audit';\nexport const summary = 1;",
      'server/audit/audit.ts': "import type { summary } from '../wallets/summary';\nexport const audit = 1;",
      'server/users/list.ts': "import { lawyerOf } from '../lawyers/list';\nexport const userOf = 1;",
      'server/lawyers/list.ts': "import { userOf } from '../users/list';\nexport const lawyerOf = 1;",
    });
    expect(checkImports(dir)).toEqual([
      'import cycle: server/lawyers/list.ts -> server/users/list.ts -> server/lawyers/list.ts',
      "import cycle between server/ parts: audit/ -> wallets/ -> audit/ (server/audit/audit.ts:1 imports '../wallets/summary'; server/wallets/summary.ts:1 imports '../audit/audit')",
      "import cycle between server/ parts: lawyers/ -> users/ -> lawyers/ (server/lawyers/list.ts:1 imports '../users/list'; server/users/list.ts:1 imports '../lawyers/list')",
    ]);
  });

  it('keeps config.ts, db/, storage/, context.ts and http/ the ground: they import no feature, not even a type', () => {
    const dir = project({
      'server/config.ts':
        "import { STORAGE } from './storage/storage';\nimport type { Rule } from './auth/lockout';",
      'server/db/connect.ts':
        "import { openedByOne } from '../config';\nimport { caseTerms } from '../cases/terms';",
      'server/http/register.ts': [
        "import { uniqueViolation } from '../db/unique';",
        "import type { AppContext } from '../context';",
        "import { resolveCaller } from '../auth/sessions';",
        "import { readConfig } from '../config';",
        "import { CODES } from '../../contract/codes';",
      ].join('\n'),
      'server/storage/storage.ts': 'export const STORAGE = 1;',
      'server/auth/lockout.ts': 'export type Rule = 1;',
      'server/auth/sessions.ts': "import { fail } from '../http/errors';\nexport const resolveCaller = 1;",
      'server/http/errors.ts': 'export const fail = 1;',
      'server/cases/terms.ts': 'export const caseTerms = 1;',
      'server/db/unique.ts': 'export const uniqueViolation = 1;',
      'contract/codes.ts': 'export const CODES = 1;',
    });
    expect(checkImports(dir)).toEqual([
      "server/config.ts:1 imports './storage/storage': config.ts is ground the features stand on: it imports nothing of server/, types included, not storage/ (declare the type on the ground; hand it what runs at startup)",
      "server/config.ts:2 imports './auth/lockout': config.ts is ground the features stand on: it imports nothing of server/, types included, not auth/ (declare the type on the ground; hand it what runs at startup)",
      "server/db/connect.ts:2 imports '../cases/terms': db/ is ground the features stand on: it imports config.ts, types included, not cases/ (declare the type on the ground; hand it what runs at startup)",
      "server/http/register.ts:3 imports '../auth/sessions': http/ is ground the features stand on: it imports config.ts, db/, context.ts, types included, not auth/ (declare the type on the ground; hand it what runs at startup)",
      "import cycle between server/ parts: auth/ -> http/ -> auth/ (server/auth/sessions.ts:1 imports '../http/errors'; server/http/register.ts:3 imports '../auth/sessions'); the loop also takes in config.ts, db/",
    ]);
  });

  it('refuses an upward import from the ground, a type-only one too: the type is declared on the ground', () => {
    const upward = project({
      'server/context.ts': "import type { SmsSender } from './sms/sender';\nexport type AppContext = 1;",
      'server/sms/sender.ts': 'export type SmsSender = 1;',
      'server/sms/codes.ts': "import type { AppContext } from '../context';",
    });
    expect(checkImports(upward)).toEqual([
      "server/context.ts:1 imports './sms/sender': context.ts is ground the features stand on: it imports config.ts, db/, storage/, types included, not sms/ (declare the type on the ground; hand it what runs at startup)",
      "import cycle between server/ parts: context.ts -> sms/ -> context.ts (server/context.ts:1 imports './sms/sender'; server/sms/codes.ts:1 imports '../context')",
    ]);
    rmSync(upward, { recursive: true, force: true });
    const downward = project({
      'server/context.ts': 'export type SmsSender = 1;\nexport type AppContext = 1;',
      'server/sms/sender.ts': "import type { SmsSender } from '../context';",
      'server/sms/codes.ts': "import type { AppContext } from '../context';",
    });
    expect(checkImports(downward)).toEqual([]);
  });

  it('lets a migration import at run time only server/db/: nothing live from features or contract/, no feature type either', () => {
    const dir = project({
      'server/db/migrations/0017_terms.ts': [
        "import { sql } from 'kysely';",
        "import { dialectOf } from '../dialect-of';",
        "import { idColumn } from './portable';",
        "import type { Database } from '../schema';",
        "import type { Term } from '../../cases/search-terms';",
        "import { caseTermRows } from '../../cases/search-terms';",
        "import { CASE_STATUSES } from '../../../contract/cases';",
      ].join('\n'),
      'server/db/dialect-of.ts': 'export const dialectOf = 1;',
      'server/db/schema.ts': 'export type Database = 1;',
      'server/db/migrations/portable.ts': 'export const idColumn = 1;',
      'server/cases/search-terms.ts': 'export const caseTermRows = 1;\nexport type Term = 1;',
      'contract/cases.ts': 'export const CASE_STATUSES = 1;',
      'node_modules/kysely/index.js': 'export const sql = 1;',
    });
    expect(checkImports(dir)).toEqual([
      "server/db/migrations/0017_terms.ts:5 imports '../../cases/search-terms': db/ is ground the features stand on: it imports config.ts, types included, not cases/ (declare the type on the ground; hand it what runs at startup)",
      "server/db/migrations/0017_terms.ts:6 imports '../../cases/search-terms': a migration runs as it shipped: at run time it imports only server/db/; carry a copy of what it runs",
      "server/db/migrations/0017_terms.ts:7 imports '../../../contract/cases': a migration runs as it shipped: at run time it imports only server/db/; carry a copy of what it runs",
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
