import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { maskPhone } from '../../../contract/access';
import type { ColumnDescriptor } from '../../../contract/pages/descriptor';
import { isAppPath } from '../../../ui-registry/record';
import { countdownText, timeLeft } from '../../../ui-registry/widgets/countdown';
import { formatDate, formatDateTime } from '../../../ui-registry/widgets/date';
import { formatFileSize } from '../../../ui-registry/widgets/file-size';
import { linkTarget } from '../../../ui-registry/widgets/link';
import { formatFen } from '../../../ui-registry/widgets/money';
import { formatNumber } from '../../../ui-registry/widgets/number';
import { formatPercent } from '../../../ui-registry/widgets/percent';
import { renderValue } from '../../../ui-registry/widgets/render-value';
import { displayText } from '../../../ui-registry/widgets/text';
import { renderWithRegistry, testEnvironment, translator } from './environment';

function column(widget: ColumnDescriptor['widget'], extra: Partial<ColumnDescriptor> = {}): ColumnDescriptor {
  return { field: 'value', title: 'case.title', widget, ...extra };
}

function show(col: ColumnDescriptor, record: Record<string, unknown>, env = testEnvironment()) {
  return renderWithRegistry(<div data-testid="cell">{renderValue(col, record)}</div>, { env });
}

const cell = () => screen.getByTestId('cell');

afterEach(() => {
  vi.useRealTimers();
});

describe('empty values', () => {
  it.each([null, undefined, ''])('shows %s as -', (value) => {
    show(column('money'), { value });
    expect(cell()).toHaveTextContent(/^-$/);
  });

  it('reads nested fields and shows - for a missing step', () => {
    show({ field: 'lawyer.name', title: 'case.title', widget: 'text' }, { lawyer: { name: '张律师' } });
    expect(cell()).toHaveTextContent('张律师');
  });

  it('never reads inherited properties as fields', () => {
    show({ field: 'constructor', title: 'case.title', widget: 'text' }, {});
    expect(cell()).toHaveTextContent(/^-$/);
  });
});

describe('money', () => {
  it('turns integer fen into yuan with thousands separators and two decimals', () => {
    expect(formatFen(123456789)).toBe('¥1,234,567.89');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(100)).toBe('¥1.00');
    expect(formatFen(0)).toBe('¥0.00');
    expect(formatFen(-250050)).toBe('-¥2,500.50');
    expect(formatFen('99900')).toBe('¥999.00');
    expect(formatFen('a lot')).toBe('-');
  });

  it('shows a money column', () => {
    show(column('money'), { value: 1050000 });
    expect(cell()).toHaveTextContent('¥10,500.00');
  });
});

describe('numbers and percentages', () => {
  it('separates thousands', () => {
    expect(formatNumber(1286, 'zh-CN')).toBe('1,286');
    expect(formatNumber(1234567.891, 'en-US')).toBe('1,234,567.89');
    expect(formatNumber({}, 'zh-CN')).toBe('-');
  });

  it('shows a ratio as a percentage', () => {
    expect(formatPercent(0.6364, 'zh-CN')).toBe('63.6%');
    expect(formatPercent(1, 'en-US')).toBe('100%');
    show(column('percent'), { value: 0.5 });
    expect(cell()).toHaveTextContent('50%');
  });
});

describe('file sizes', () => {
  it('counts bytes in the unit people read, 1,024 to the next', () => {
    expect(formatFileSize(980, 'zh-CN')).toBe('980 B');
    expect(formatFileSize(1024, 'zh-CN')).toBe('1 KB');
    expect(formatFileSize(12_800, 'zh-CN')).toBe('12.5 KB');
    expect(formatFileSize(3_013_588, 'en-US')).toBe('2.87 MB');
    expect(formatFileSize(5 * 1024 ** 4, 'zh-CN')).toBe('5,120 GB');
    expect(formatFileSize(-1, 'zh-CN')).toBe('-');
    expect(formatFileSize('abc', 'zh-CN')).toBe('-');
    show(column('fileSize'), { value: 2048 });
    expect(cell()).toHaveTextContent('2 KB');
  });
});

describe('dates', () => {
  it("shows the day and the second in the business time zone, whatever the browser's", () => {
    // 16:30 UTC is already the next day in Shanghai.
    expect(formatDate('2026-03-08T16:30:00.000Z')).toBe('2026-03-09');
    expect(formatDateTime('2026-03-08T16:30:00.000Z')).toBe('2026-03-09 00:30:00');
    expect(formatDate('2026-03-08')).toBe('2026-03-08');
    expect(formatDateTime('not a date')).toBe('-');
  });

  it('shows date and datetime columns', () => {
    show(column('datetime'), { value: '2026-01-01T23:05:00.000Z' });
    expect(cell()).toHaveTextContent('2026-01-02 07:05:00');
  });
});

describe('countdown', () => {
  const t = translator('zh-CN');
  const now = new Date(2026, 2, 1, 8, 0).getTime();

  it('says how long until the session', () => {
    expect(countdownText(new Date(2026, 2, 4, 12, 0), now, t)).toBe('3 天 4 小时后');
    expect(countdownText(new Date(2026, 2, 1, 13, 20), now, t)).toBe('5 小时 20 分钟后');
    expect(countdownText(new Date(2026, 2, 1, 8, 12), now, t)).toBe('12 分钟后');
    expect(countdownText(new Date(2026, 2, 1, 7, 59), now, t)).toBe('已过去');
    expect(timeLeft(new Date(now + 30_000), now)).toEqual({ days: 0, hours: 0, minutes: 1 });
  });

  it('speaks English in en-US', () => {
    expect(countdownText(new Date(2026, 2, 4, 12, 0), now, translator('en-US'))).toBe('in 3 d 4 h');
  });

  it('counts down every minute while shown', () => {
    vi.useFakeTimers({ now, toFake: ['Date', 'setInterval', 'clearInterval'] });
    show(column('countdown'), { value: new Date(2026, 2, 1, 8, 2).toISOString() });
    expect(cell()).toHaveTextContent('2 分钟后');
    act(() => vi.advanceTimersByTime(60_000));
    expect(cell()).toHaveTextContent('1 分钟后');
    act(() => vi.advanceTimersByTime(120_000));
    expect(cell()).toHaveTextContent('已过去');
  });
});

describe('phone', () => {
  it('masks the middle four digits (the one maskPhone of contract/access.ts)', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('12345')).toBe('****');
  });

  // The server masks every number the caller may not read (phones.read); the widget shows what it got.
  it('shows a full number as the server sent it', () => {
    show(column('phone'), { value: '13800000001' }, testEnvironment({ role: 'superAdmin' }));
    expect(cell()).toHaveTextContent('13800000001');
  });

  it('shows a masked number as the server sent it', () => {
    show(column('phone'), { value: '138****0002' }, testEnvironment({ role: 'lawyer' }));
    expect(cell()).toHaveTextContent('138****0002');
  });
});

describe('link', () => {
  it('fills the route template from the record and navigates inside the app', async () => {
    const env = testEnvironment();
    show(column('link', { link: '/list/case-detail/:id' }), { value: 'CD-2026-0001', id: 42 }, env);
    const link = screen.getByRole('link', { name: 'CD-2026-0001' });
    expect(link).toHaveAttribute('href', '/list/case-detail/42');
    await userEvent.click(link);
    expect(env.navigate).toHaveBeenCalledWith('/list/case-detail/42');
  });

  it('encodes record values so they cannot add path segments or a host', () => {
    expect(linkTarget('/list/case-detail/:id', { id: '../../admin' })).toBe(
      '/list/case-detail/..%2F..%2Fadmin',
    );
    expect(linkTarget('/:id', { id: '/evil.example' })).toBe('/%2Fevil.example');
  });

  it.each([
    'javascript:alert(1)',
    '//evil.example/:id',
    'https://evil.example',
    '/\t/evil.example',
    '/\\evil.example',
  ])('refuses the target %j and shows plain text', (template) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const env = testEnvironment();
    show(column('link', { link: template }), { value: '案件', id: 1 }, env);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(cell()).toHaveTextContent('案件');
    warn.mockRestore();
  });

  it('shows plain text when the record lacks a parameter', () => {
    show(column('link', { link: '/list/case-detail/:id' }), { value: '案件' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('knows an app path from anything else', () => {
    expect(isAppPath('/dashboard/workplace')).toBe(true);
    expect(isAppPath('//evil.example')).toBe(false);
    expect(isAppPath('javascript:alert(1)')).toBe(false);
    expect(isAppPath('/a/\nb')).toBe(false);
  });
});

describe('enum and status', () => {
  it('shows an enum label in zh-CN', () => {
    show(column('enum', { enum: 'caseStatus' }), { value: 'processing' });
    expect(cell()).toHaveTextContent('处理中');
  });

  it('shows an enum label in en-US', () => {
    show(
      column('enum', { enum: 'caseStatus' }),
      { value: 'processing' },
      testEnvironment({ locale: 'en-US', t: translator('en-US') }),
    );
    expect(cell()).toHaveTextContent('Processing');
  });

  it('shows a value the enum does not know as it is', () => {
    show(column('enum', { enum: 'caseStatus' }), { value: 'archived' });
    expect(cell()).toHaveTextContent('archived');
  });

  it('shows a list of enum values as their labels in its order (an allocation order)', () => {
    show(column('enum', { enum: 'ledgerPart' }), { value: ['principal', 'interest', 'penalty', 'fees'] });
    expect(cell()).toHaveTextContent('本金、利息、罚息、费用');
    show(
      column('enum', { enum: 'ledgerPart' }),
      { value: ['fees', 'principal'] },
      testEnvironment({ locale: 'en-US', t: translator('en-US') }),
    );
    expect(screen.getAllByTestId('cell').at(-1)).toHaveTextContent('Fees, Principal');
  });

  it('labels booleans of the enabled enum', () => {
    show(column('enum', { enum: 'enabled' }), { value: false });
    expect(cell()).toHaveTextContent('停用');
  });

  it('shows a status as a tag with the colour of its value', () => {
    show(column('status', { enum: 'caseStatus' }), { value: 'closed' });
    const tag = screen.getByText('已结案').closest('.arco-tag');
    expect(tag).toHaveClass('arco-tag-green');
  });

  it('shows an unknown status in gray', () => {
    show(column('status', { enum: 'caseStatus' }), { value: 'lost' });
    expect(screen.getByText('lost').closest('.arco-tag')).toHaveClass('arco-tag-gray');
  });
});

describe('region and text', () => {
  it('names a GB/T 2260 code once the division table has loaded', async () => {
    show(column('region'), { value: '440305' });
    expect(await screen.findByText('广东省 深圳市 南山区')).toBeInTheDocument();
  });

  it('keeps an unknown code as it is', async () => {
    show(column('region'), { value: '999999' });
    await act(async () => undefined);
    expect(cell()).toHaveTextContent('999999');
  });

  it('shows objects in a text column as -, never as [object Object]', () => {
    show(column('text'), { value: { nested: true } });
    expect(cell()).toHaveTextContent(/^-$/);
  });

  it('joins a list, leaving blanks out, and shows a list of blanks as - (found by the property test)', () => {
    expect(displayText(['民事', '', 3])).toBe('民事, 3');
    show(column('text'), { value: [''] });
    expect(cell()).toHaveTextContent(/^-$/);
  });
});
