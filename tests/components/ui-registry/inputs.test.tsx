import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldSchema } from '../../../contract/pages/descriptor';
import { fail, ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { FieldInput } from '../../../ui-registry/fields/FieldInput';
import { preloadRenderers, renderWithRegistry, testEnvironment } from './environment';

beforeAll(preloadRenderers, 30_000);

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** One input as a form would hold it; the value it reports is shown as JSON. */
function Harness({ raw, initial }: { raw: unknown; initial?: unknown }) {
  const field = fieldSchema.parse(raw);
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <FieldInput field={field} value={value} onChange={setValue} id="the-input" params={{ id: '7' }} />
      <output data-testid="value">{value === undefined ? 'undefined' : JSON.stringify(value)}</output>
    </>
  );
}

const value = () =>
  JSON.parse(
    screen.getByTestId('value').textContent === 'undefined'
      ? 'null'
      : (screen.getByTestId('value').textContent as string),
  );

function renderInput(raw: Record<string, unknown>, initial?: unknown, env = testEnvironment()) {
  return renderWithRegistry(
    <Harness raw={{ name: 'x', label: 'fixture.note', ...raw }} initial={initial} />,
    { env },
  );
}

describe('text inputs', () => {
  it('keeps a text box within its maximum length', async () => {
    renderInput({ input: { kind: 'input', maxLength: 5 } });
    const box = await screen.findByRole('textbox');
    await user.type(box, '一二三四五六');
    expect(value()).toBe('一二三四五');
  });

  it('hides a password as it is typed', async () => {
    renderInput({ input: { kind: 'password' } });
    await waitFor(() => expect(document.querySelector('input[type="password"]')).not.toBeNull());
    await user.type(document.querySelector('input[type="password"]') as HTMLElement, 'Secret1');
    expect(value()).toBe('Secret1');
  });

  it('counts a long text against its limit', async () => {
    renderInput({ input: { kind: 'textarea', maxLength: 20 } }, '已电话联系');
    expect(await screen.findByText('5/20')).toBeInTheDocument();
  });
});

describe('number inputs', () => {
  it('takes yuan and keeps integer fen', async () => {
    renderInput({ input: { kind: 'number', money: true } }, 123456);
    const box = await screen.findByRole('spinbutton');
    expect(box).toHaveValue('1234.56');
    await user.clear(box);
    await user.type(box, '0.1');
    await waitFor(() => expect(value()).toBe(10));
    await user.clear(box);
    await user.type(box, '19.99');
    await waitFor(() => expect(value()).toBe(1999));
  });

  it('keeps a plain number within its range', async () => {
    renderInput({ input: { kind: 'number', min: 1, max: 10 } });
    const box = await screen.findByRole('spinbutton');
    await user.type(box, '50');
    await user.tab();
    await waitFor(() => expect(value()).toBe(10));
  });

  it('keeps a money range as two amounts in fen, either end open', async () => {
    renderInput({ input: { kind: 'moneyRange' } });
    await user.type(await screen.findByPlaceholderText('最高'), '5000');
    await waitFor(() => expect(value()).toEqual([null, 500000]));
    await user.type(screen.getByPlaceholderText('最低'), '10.5');
    await waitFor(() => expect(value()).toEqual([1050, 500000]));
  });
});

describe('selects', () => {
  async function open(option: string) {
    await waitFor(() => expect(document.querySelector('.arco-select-view')).not.toBeNull());
    await user.click(document.querySelector('.arco-select-view') as HTMLElement);
    await user.click(
      await screen.findByText(option, { selector: '.arco-select-option, .arco-select-option *' }),
    );
  }

  it('offers a named enum with its labels and keeps the value', async () => {
    renderInput({ input: { kind: 'select', enum: 'caseStatus' } });
    await open('已中止');
    expect(value()).toBe('suspended');
  });

  it('offers static options, keeping a number value a number', async () => {
    renderInput({
      input: {
        kind: 'select',
        options: [
          { value: 1, label: 'common.yes' },
          { value: 0, label: 'common.no' },
        ],
      },
    });
    await open('否');
    expect(value()).toBe(0);
  });

  it('loads options from the API, several at a time', async () => {
    server.use(
      http.get('/api/cases/7/parties', () =>
        ok({
          list: [{ id: 5, person: { name: '赵律师' } }, { id: 6, person: { name: '钱律师' } }, { id: null }],
        }),
      ),
    );
    renderInput({
      input: {
        kind: 'select',
        multiple: true,
        optionsFrom: { path: '/cases/:id/parties', value: 'id', label: 'person.name' },
      },
    });
    await open('钱律师');
    await open('赵律师');
    expect(value()).toEqual([6, 5]);
  });

  it('shows a value that came back from the URL as text', async () => {
    renderInput({ input: { kind: 'select', enum: 'caseStatus', multiple: true } }, ['pending', 'closed']);
    expect(await screen.findByText('待处理')).toBeInTheDocument();
    expect(screen.getByText('已结案')).toBeInTheDocument();
  });

  it('says so when its options cannot be loaded', async () => {
    server.use(http.get('/api/lawyers/options', () => fail(403, 40300, '无权访问')));
    renderInput({
      input: { kind: 'select', optionsFrom: { path: '/lawyers/options', value: 'id', label: 'name' } },
    });
    await waitFor(() => expect(document.querySelector('.arco-select-view')).not.toBeNull());
    await user.click(document.querySelector('.arco-select-view') as HTMLElement);
    expect(await screen.findByText('选项加载失败：无权访问')).toBeInTheDocument();
  });
});

describe('dates', () => {
  it('keeps a day as YYYY-MM-DD', async () => {
    renderInput({ input: { kind: 'date' } }, '2026-03-08');
    expect(await screen.findByDisplayValue('2026-03-08')).toBeInTheDocument();
  });

  it('keeps a moment as an ISO timestamp, shown in the business time zone', async () => {
    renderInput({ input: { kind: 'datetime' } }, '2026-03-08T18:30:00.000Z');
    expect(await screen.findByDisplayValue('2026-03-09 02:30:00')).toBeInTheDocument();
  });

  it('keeps a range of days as [from, to]', async () => {
    renderInput({ input: { kind: 'dateRange' } }, ['2026-01-01', '2026-01-31']);
    expect(await screen.findByDisplayValue('2026-01-01')).toBeInTheDocument();
    expect(screen.getByDisplayValue('2026-01-31')).toBeInTheDocument();
  });
});

describe('region, switch and upload', () => {
  it('picks a region from the division table, any level, kept as its code', async () => {
    renderInput({ input: { kind: 'region', depth: 2 } });
    await waitFor(() => expect(document.querySelector('.arco-cascader-view')).not.toBeNull());
    await user.click(document.querySelector('.arco-cascader-view') as HTMLElement);
    await user.click(await screen.findByText('广东省'));
    await waitFor(() => expect(value()).toBe('440000'));
    await user.click(await screen.findByText('深圳市'));
    await waitFor(() => expect(value()).toBe('440300'));
  });

  it('switches a flag', async () => {
    renderInput({ input: { kind: 'switch' } });
    await user.click(await screen.findByRole('switch'));
    expect(value()).toBe(true);
  });

  it('says honestly that uploads are not available without a path', async () => {
    renderInput({ input: { kind: 'upload' } });
    expect(await screen.findByText('暂不支持上传文件')).toBeInTheDocument();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('sends each file to its path and keeps what the server answered', async () => {
    const names: string[] = [];
    server.use(
      http.post('/api/cases/7/attachments', async ({ request }) => {
        const file = (await request.formData()).get('file') as File;
        names.push(file.name);
        return ok({ id: 11, name: file.name });
      }),
    );
    renderInput({ input: { kind: 'upload', path: '/cases/:id/attachments', maxSizeMb: 1 } });
    await waitFor(() => expect(document.querySelector('input[type="file"]')).not.toBeNull());
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    // An ASCII name: the test's multipart parser reads file names as Latin-1, a browser does not.
    await user.upload(picker, new File(['借款合同'], 'contract.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(value()).toEqual([{ id: 11, name: 'contract.pdf' }]));
    expect(names).toEqual(['contract.pdf']);
  });

  it('keeps the id of the one file a single upload takes (a repayment voucher)', async () => {
    server.use(http.post('/api/cases/7/vouchers', () => ok({ id: 21, name: 'slip.pdf' })));
    renderInput({ input: { kind: 'upload', path: '/cases/:id/vouchers', maxSizeMb: 1, single: true } });
    await waitFor(() => expect(document.querySelector('input[type="file"]')).not.toBeNull());
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(picker.multiple).toBe(false);
    await user.upload(picker, new File(['回单'], 'slip.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(value()).toBe(21));
  });

  it('refuses a file above the size limit and reports a refused upload', async () => {
    server.use(http.post('/api/cases/7/attachments', () => fail(413, 41300, '文件过大')));
    const env = testEnvironment();
    renderInput({ input: { kind: 'upload', path: '/cases/:id/attachments', maxSizeMb: 1 } }, undefined, env);
    await waitFor(() => expect(document.querySelector('input[type="file"]')).not.toBeNull());
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(picker, new File([new Uint8Array(2 * 1024 * 1024)], '大文件.zip'));
    expect(env.notify).toHaveBeenCalledWith('error', '「大文件.zip」超过 1 MB，未上传');
    await user.upload(picker, new File(['x'], '小文件.txt'));
    await waitFor(() => expect(env.notify).toHaveBeenCalledWith('error', '「小文件.txt」上传失败：文件过大'));
    expect(value()).toBeNull();
    expect(within(document.body).queryByText('大文件.zip')).toBeNull();
  });
});
