import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  apiTemplateSchema,
  descriptorReferences,
  routeTemplateSchema,
} from '../../contract/pages/descriptor';
import { markReference, schemaReferences } from '../../contract/pages/references';
import { PAGE_CATALOG } from '../../server/pages/catalog';

const TITLE = 'menu.taskCenter';

describe('schemaReferences: the one walker, reading the marks of any schema', () => {
  it('finds a newly marked field wherever it sits, without knowing its name', () => {
    // A schema the walker has never seen: a report page with a download link in a list of
    // sections, behind lazy, optional, default and a discriminated union.
    const section = z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('text'), body: z.string() }),
      z.strictObject({
        kind: z.literal('download'),
        archive: z.optional(markReference(apiTemplateSchema.clone(), { api: [{ method: 'GET' }] })),
        backTo: z._default(
          markReference(routeTemplateSchema.clone(), { route: true }),
          '/dashboard/workplace',
        ),
      }),
    ]);
    const report = z.lazy(() => z.strictObject({ sections: z.array(section) }));
    const value = {
      sections: [
        { kind: 'text', body: '/not/a/path' },
        { kind: 'download', archive: '/reports/:id/archive', backTo: '/list/search-table' },
      ],
    };
    expect(schemaReferences(report, value)).toEqual([
      { path: 'sections.1.archive', kind: 'api', method: 'GET', template: '/reports/:id/archive' },
      { path: 'sections.1.backTo', kind: 'route', template: '/list/search-table' },
    ]);
  });

  it('reads the method from a sibling field when the mark says so', () => {
    const call = z.strictObject({
      verb: z.enum(['POST', 'PUT']),
      target: markReference(apiTemplateSchema.clone(), { api: [{ method: { field: 'verb' } }] }),
    });
    expect(schemaReferences(call, { verb: 'PUT', target: '/users/:id' })).toEqual([
      { path: 'target', kind: 'api', method: 'PUT', template: '/users/:id' },
    ]);
  });
});

describe('descriptorReferences: what the descriptor schema marks', () => {
  const form = (input: Record<string, unknown>) => ({
    schemaVersion: 1,
    id: 'x',
    type: 'form',
    title: TITLE,
    source: { path: '/cases/:id' },
    fields: [{ name: 'files', label: TITLE, input }],
    submit: { method: 'PUT', path: '/cases/:id', afterSuccess: 'back' },
  });

  it("an upload input's path: POST for each file, and DELETE <path>/:id when removable", () => {
    const refs = (input: Record<string, unknown>) =>
      descriptorReferences(form(input)).filter((r) => r.path === 'fields.0.input.path');
    expect(refs({ kind: 'upload', path: '/cases/:id/attachments' })).toEqual([
      { path: 'fields.0.input.path', kind: 'api', method: 'POST', template: '/cases/:id/attachments' },
    ]);
    expect(refs({ kind: 'upload', path: '/cases/:id/attachments', removable: true })).toEqual([
      { path: 'fields.0.input.path', kind: 'api', method: 'POST', template: '/cases/:id/attachments' },
      { path: 'fields.0.input.path', kind: 'api', method: 'DELETE', template: '/cases/:id/attachments/:id' },
    ]);
  });

  it("a form's source (GET) and submit (its method); afterSuccess only when it is a route", () => {
    expect(descriptorReferences(form({ kind: 'input' }))).toEqual([
      { path: 'source.path', kind: 'api', method: 'GET', template: '/cases/:id' },
      { path: 'submit.path', kind: 'api', method: 'PUT', template: '/cases/:id' },
    ]);
    const next = {
      ...form({ kind: 'input' }),
      submit: { method: 'POST', path: '/cases', afterSuccess: '/x/:id' },
    };
    expect(descriptorReferences(next).slice(1)).toEqual([
      { path: 'submit.path', kind: 'api', method: 'POST', template: '/cases' },
      { path: 'submit.afterSuccess', kind: 'route', template: '/x/:id' },
    ]);
  });

  it('every action kind, in a drawer page too, and options from an API', () => {
    const page = {
      schemaVersion: 1,
      id: 'x',
      type: 'table',
      title: TITLE,
      source: { path: '/users' },
      filters: [
        {
          name: 'firm',
          label: TITLE,
          input: { kind: 'select', optionsFrom: { path: '/lawfirms/options', value: 'id', label: 'name' } },
        },
      ],
      columns: [{ field: 'id', title: TITLE, widget: 'link', link: '/list/case-detail/:id' }],
      rowActions: [
        { key: 'a', label: TITLE, kind: 'api', method: 'DELETE', path: '/users/:id' },
        { key: 'b', label: TITLE, kind: 'transition', event: 'TAKE' },
        { key: 'c', label: TITLE, kind: 'navigate', to: '/list/case-detail/:id' },
        { key: 'd', label: TITLE, kind: 'export', path: '/users/export' },
        {
          key: 'e',
          label: TITLE,
          kind: 'modal',
          page: { ...form({ kind: 'upload', path: '/files' }), id: 'y' },
        },
      ],
    };
    expect(
      descriptorReferences(page).map((r) => [r.path, r.kind === 'api' ? r.method : 'route', r.template]),
    ).toEqual([
      ['source.path', 'GET', '/users'],
      ['filters.0.input.optionsFrom.path', 'GET', '/lawfirms/options'],
      ['columns.0.link', 'route', '/list/case-detail/:id'],
      ['rowActions.0.path', 'DELETE', '/users/:id'],
      ['rowActions.1', 'POST', '/cases/:id/transitions'],
      ['rowActions.2.to', 'route', '/list/case-detail/:id'],
      ['rowActions.3.path', 'GET', '/users/export'],
      ['rowActions.4.page.source.path', 'GET', '/cases/:id'],
      ['rowActions.4.page.fields.0.input.path', 'POST', '/files'],
      ['rowActions.4.page.submit.path', 'PUT', '/cases/:id'],
    ]);
  });

  it("finds the case edit page's attachment upload, with its removal", () => {
    const upload = descriptorReferences(PAGE_CATALOG.get('case-edit')).filter((r) =>
      r.path.endsWith('input.path'),
    );
    expect(upload.map((r) => (r.kind === 'api' ? `${r.method} ${r.template}` : ''))).toEqual([
      'POST /cases/:id/attachments',
      'DELETE /cases/:id/attachments/:id',
    ]);
  });
});
