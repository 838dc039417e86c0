import { describe, expect, it } from 'vitest';
import { type FieldDescriptor, fieldSchema, tablePageSchema } from '../../../contract/pages/descriptor';
import { fieldProblem } from '../../../ui-registry/fields/rules';
import {
  fieldOfPath,
  fromQuery,
  initialValuesOf,
  toBody,
  toParams,
  valuesFromQuery,
} from '../../../ui-registry/fields/values';
import { fenToYuan, yuanToFen } from '../../../ui-registry/inputs/number';
import { regionPath } from '../../../ui-registry/inputs/region';
import { arrange, keyedColumns, readSetting } from '../../../ui-registry/pages/table/column-settings';
import { nextSort, readTableState, writeTableState } from '../../../ui-registry/pages/table/table-state';
import { setField } from '../../../ui-registry/record';
import { caseTable } from './fixtures';

const field = (raw: Record<string, unknown>): FieldDescriptor =>
  fieldSchema.parse({ name: 'x', label: 'fixture.note', ...raw });

describe('how field values travel', () => {
  const created = field({ name: 'created', input: { kind: 'dateRange' } });
  const amount = field({ name: 'amount', input: { kind: 'moneyRange' } });
  const status = field({ name: 'status', input: { kind: 'select', multiple: true } });
  const urgent = field({ name: 'urgent', input: { kind: 'switch' } });

  it('sends ranges as two keys, lists as repeated keys, and nothing for empty values', () => {
    const values = {
      created: ['2026-01-01', undefined],
      amount: [100, 500],
      status: ['pending', 'closed'],
      urgent: false,
    };
    expect(toParams([created, amount, status, urgent], values)).toEqual({
      createdFrom: '2026-01-01',
      amountMin: '100',
      amountMax: '500',
      status: ['pending', 'closed'],
      urgent: 'false',
    });
    expect(toParams([status], { status: [] })).toEqual({});
  });

  it('reads the same values back from a query', () => {
    const query = new URLSearchParams('createdTo=2026-02-01&amountMin=100&status=a&status=b&urgent=true');
    expect(valuesFromQuery([created, amount, status, urgent], query)).toEqual({
      created: [undefined, '2026-02-01'],
      amount: [100, undefined],
      status: ['a', 'b'],
      urgent: true,
    });
    expect(fromQuery(amount, new URLSearchParams('amountMin=abc'))).toBeUndefined();
  });

  it('nests dotted names in bodies and reads records the same way', () => {
    const lawyer = field({ name: 'lawyer.id', input: { kind: 'number' } });
    expect(toBody([lawyer, created], { lawyer: { id: 5 }, created: ['2026-01-01', '2026-01-31'] })).toEqual({
      lawyer: { id: 5 },
      createdFrom: '2026-01-01',
      createdTo: '2026-01-31',
    });
    const title = field({ name: 'title', input: { kind: 'input' }, defaultValue: '无' });
    expect(
      initialValuesOf([lawyer, created, title], { lawyer: { id: 5 }, createdFrom: '2026-01-01' }),
    ).toEqual({
      lawyer: { id: 5 },
      created: ['2026-01-01', undefined],
      title: '无',
    });
    expect(fieldOfPath([created], 'createdTo')).toBe(created);
  });

  it('never writes through a prototype', () => {
    const target: Record<string, unknown> = {};
    setField(target, '__proto__.polluted', true);
    setField(target, 'constructor.prototype.polluted', true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(target).toEqual({});
  });

  it('turns yuan into fen without float noise', () => {
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen('1234.565')).toBe(123457);
    expect(yuanToFen(undefined)).toBeUndefined();
    expect(fenToYuan(123456)).toBe(1234.56);
  });

  it('finds a region code’s place in the cascader', () => {
    expect(regionPath('440305')).toEqual(['440000', '440300', '440305']);
    expect(regionPath('440300')).toEqual(['440000', '440300']);
    expect(regionPath('440000')).toEqual(['440000']);
    expect(regionPath('4403')).toBeUndefined();
  });
});

describe('field rules', () => {
  it('asks for required values, ranges in order, lengths and bounds', () => {
    expect(fieldProblem(field({ input: { kind: 'input' }, required: true }), '  ')?.key).toBe(
      'registry.rule.required',
    );
    expect(fieldProblem(field({ input: { kind: 'input' } }), '')).toBeNull();
    expect(fieldProblem(field({ input: { kind: 'input' }, minLength: 2 }), '债')?.key).toBe(
      'registry.rule.minLength',
    );
    expect(fieldProblem(field({ input: { kind: 'input' }, maxLength: 2 }), '一二三')?.params).toEqual({
      n: 2,
    });
    expect(fieldProblem(field({ input: { kind: 'number', money: true }, max: 100000 }), 100001)).toEqual({
      key: 'registry.rule.max',
      params: { max: '¥1,000.00' },
    });
    expect(fieldProblem(field({ input: { kind: 'moneyRange' } }), [500, 100])?.key).toBe(
      'registry.rule.rangeOrder',
    );
    expect(fieldProblem(field({ input: { kind: 'dateRange' } }), ['2026-02-01', '2026-01-01'])?.key).toBe(
      'registry.rule.rangeOrder',
    );
  });

  it('counts the choices of a multiple select against its lengths (an order of all four parts)', () => {
    const order = field({ input: { kind: 'select', multiple: true }, required: true, minLength: 4 });
    expect(fieldProblem(order, [])?.key).toBe('registry.rule.required');
    expect(fieldProblem(order, ['principal', 'interest', 'fees'])).toEqual({
      key: 'registry.rule.minItems',
      params: { n: 4 },
    });
    expect(fieldProblem(order, ['principal', 'interest', 'penalty', 'fees'])).toBeNull();
    const few = field({ input: { kind: 'select', multiple: true }, maxLength: 1 });
    expect(fieldProblem(few, ['pending', 'closed'])?.key).toBe('registry.rule.maxItems');
  });

  it.each([
    ['phone', '13800000001', '12800000001', 'rule.phone'],
    ['creditCode', '91350100M000100Y43', '91350100M000100Y44', 'rule.creditCode'],
    ['licenceNo', '12345678901234567', '1234567890123456', 'rule.licenceNo'],
    ['caseNo', 'MS00012345', 'ms00012345', 'registry.rule.caseNo'],
    ['email', 'a@casedesk.cn', 'a@', 'rule.email'],
    ['password', 'Secret1', 'secret1', 'rule.password'],
  ])('checks the named pattern %s with the product’s own rule', (pattern, good, bad, key) => {
    const f = field({ input: { kind: 'input' }, pattern });
    expect(fieldProblem(f, good)).toBeNull();
    expect(fieldProblem(f, bad)?.key).toBe(key);
  });
});

describe('table state in the query', () => {
  const page = tablePageSchema.parse(caseTable);

  it('reads defaults from an empty query and refuses what it does not know', () => {
    expect(readTableState(page, new URLSearchParams())).toEqual({
      page: 1,
      pageSize: 10,
      sort: { field: 'createdAt', order: 'descend' },
      filters: {},
    });
    const odd = readTableState(
      page,
      new URLSearchParams('page=-2&pageSize=5000&sortField=title&sortOrder=ascend'),
    );
    expect(odd).toMatchObject({ page: 1, pageSize: 100, sort: { field: 'createdAt', order: 'descend' } });
  });

  it('writes only what differs from the defaults and keeps keys that are not its own', () => {
    const current = new URLSearchParams('tab=x&page=4&caseNo=old');
    const next = writeTableState(page, current, {
      page: 1,
      pageSize: 10,
      sort: { field: 'amountFen', order: 'ascend' },
      filters: { status: ['pending'] },
    });
    expect(next.toString()).toBe('tab=x&status=pending&sortField=amountFen&sortOrder=ascend');
  });

  it('flips the default sort instead of dropping it', () => {
    expect(nextSort(page, null, 'createdAt', undefined)).toEqual({ field: 'createdAt', order: 'ascend' });
    expect(nextSort(page, { field: 'amountFen', order: 'descend' }, 'amountFen', undefined)).toBeNull();
  });
});

describe('column settings', () => {
  const columns = keyedColumns(tablePageSchema.parse(caseTable).columns);

  it('keys a field shown twice apart', () => {
    const twice = keyedColumns([
      ...tablePageSchema.parse(caseTable).columns.slice(0, 1),
      ...tablePageSchema.parse(caseTable).columns.slice(0, 1),
    ]);
    expect(twice.map((c) => c.key)).toEqual(['caseNo', 'caseNo#2']);
  });

  it('applies a saved order, ignores unknown keys and adds new columns at the end', () => {
    const arranged = arrange(columns, { order: ['status', 'gone', 'caseNo'], hidden: ['caseNo'] });
    expect(arranged.map((c) => [c.key, c.visible])).toEqual([
      ['status', true],
      ['caseNo', false],
      ['title', true],
      ['amountFen', true],
      ['createdAt', true],
      ['court', false],
    ]);
  });

  it('ignores a setting that is not one', () => {
    localStorage.setItem('k', '{"order":"x"}');
    expect(readSetting('k')).toBeNull();
    localStorage.setItem('k', 'not json');
    expect(readSetting('k')).toBeNull();
  });
});
