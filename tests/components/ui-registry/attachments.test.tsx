import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FieldDescriptor, PageDescriptor } from '../../../contract/pages/descriptor';
import { fieldSchema } from '../../../contract/pages/descriptor';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { casePages } from '../../../server/pages/catalog/cases';
import { FieldInput } from '../../../ui-registry/fields/FieldInput';
import { DescriptorView } from '../../../ui-registry/PageHost';
import { preloadRenderers, renderWithRegistry, testEnvironment } from './environment';
import { caseRecord } from './fixtures';

beforeAll(preloadRenderers, 30_000);

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const page = (id: string) => {
  const found = casePages.find((p) => p.id === id);
  if (!found) throw new Error(`no page ${id}`);
  return found;
};

/** The attachments field of the shipped case edit page. */
const attachmentsField = (() => {
  const edit = page('case-edit') as Extract<PageDescriptor, { type: 'form' }>;
  const field = edit.fields.find((f) => f.name === 'attachments');
  if (!field) throw new Error('case-edit has no attachments field');
  return fieldSchema.parse(field) as FieldDescriptor;
})();

const stored = { id: 5, caseId: 7, name: '旧合同.pdf', url: '/api/cases/7/attachments/5', size: 10 };

function Harness({ initial }: { initial?: unknown }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <FieldInput field={attachmentsField} value={value} onChange={setValue} params={{ id: '7' }} />
      <output data-testid="value">{JSON.stringify(value ?? null)}</output>
    </>
  );
}
const value = () => JSON.parse(screen.getByTestId('value').textContent as string);

describe('case edit: the attachments upload', () => {
  it('accepts only the allowed types, sends a file to the case and removes one after confirming', async () => {
    const deleted: string[] = [];
    server.use(
      http.post('/api/cases/7/attachments', async ({ request }) => {
        const file = (await request.formData()).get('file') as File;
        return ok({ id: 6, caseId: 7, name: file.name, url: '/api/cases/7/attachments/6', size: file.size });
      }),
      http.delete('/api/cases/7/attachments/:attachmentId', ({ params }) => {
        deleted.push(String(params.attachmentId));
        return ok({ id: Number(params.attachmentId) });
      }),
    );
    const env = testEnvironment();
    renderWithRegistry(<Harness initial={[stored]} />, { env });
    await waitFor(() => expect(document.querySelector('input[type="file"]')).not.toBeNull());
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(picker.accept).toBe('.pdf,.jpg,.jpeg,.png,.doc,.docx,.xls,.xlsx,.zip');

    await user.upload(picker, new File(['%PDF-1.4'], 'contract.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(value().map((a: { id: number }) => a.id)).toEqual([5, 6]));

    // Declined: nothing is sent and the file stays.
    vi.mocked(env.confirm).mockResolvedValueOnce(false);
    const row = () => screen.getByText('旧合同.pdf').closest('.arco-upload-list-item') as HTMLElement;
    await user.click(row().querySelector('.arco-upload-list-remove-icon') as HTMLElement);
    await waitFor(() =>
      expect(env.confirm).toHaveBeenCalledWith('确定删除「旧合同.pdf」吗？删除后文件无法恢复。'),
    );
    expect(deleted).toEqual([]);
    expect(screen.getByText('旧合同.pdf')).toBeInTheDocument();

    await user.click(row().querySelector('.arco-upload-list-remove-icon') as HTMLElement);
    await waitFor(() => expect(deleted).toEqual(['5']));
    await waitFor(() => expect(value().map((a: { id: number }) => a.id)).toEqual([6]));
    expect(env.notify).toHaveBeenCalledWith('success', '「旧合同.pdf」已删除');
  });
});

describe('case detail: the attachments section', () => {
  it('downloads through the environment and removes a file after confirming', async () => {
    let attachments = [stored];
    const deleted: string[] = [];
    server.use(
      http.get('/api/cases/7', () => ok({ ...caseRecord(), attachments })),
      http.get('/api/cases/7/attachments/5', ({ request }) =>
        request.headers.get('authorization')
          ? new HttpResponse('%PDF-1.4 bytes', {
              headers: {
                'content-type': 'application/pdf',
                'content-disposition': `attachment; filename="_.pdf"; filename*=UTF-8''${encodeURIComponent('旧合同.pdf')}`,
              },
            })
          : new HttpResponse(null, { status: 401 }),
      ),
      http.delete('/api/cases/7/attachments/:attachmentId', ({ params }) => {
        deleted.push(String(params.attachmentId));
        attachments = [];
        return ok({ id: Number(params.attachmentId) });
      }),
    );
    const env = testEnvironment({ role: 'caseOperation' });
    renderWithRegistry(<DescriptorView descriptor={page('case-detail')} params={{ id: '7' }} />, { env });
    const card = () => screen.getByText('附件').closest('.arco-card') as HTMLElement;
    await waitFor(() => expect(within(card()).getByText('旧合同.pdf')).toBeInTheDocument());

    await user.click(await within(card()).findByRole('button', { name: '下载' }));
    await waitFor(() => expect(env.download).toHaveBeenCalledWith('/cases/7/attachments/5', { params: {} }));
    expect(env.downloads).toEqual(['%PDF-1.4 bytes']);

    await user.click(await within(card()).findByRole('button', { name: '删除' }));
    await waitFor(() => expect(env.confirm).toHaveBeenCalledWith('确定删除该附件吗？删除后文件无法恢复。'));
    await waitFor(() => expect(deleted).toEqual(['5']));
    await waitFor(() => expect(within(card()).queryByText('旧合同.pdf')).toBeNull());
  });

  it('shows a reader the download but not the removal', async () => {
    server.use(http.get('/api/cases/7', () => ok({ ...caseRecord(), attachments: [stored] })));
    const env = testEnvironment({ role: 'lawyer' });
    renderWithRegistry(<DescriptorView descriptor={page('case-detail')} params={{ id: '7' }} />, { env });
    const card = () => screen.getByText('附件').closest('.arco-card') as HTMLElement;
    await waitFor(() => expect(within(card()).getByText('旧合同.pdf')).toBeInTheDocument());
    expect(await within(card()).findByRole('button', { name: '下载' })).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: '删除' })).toBeNull();
  });
});
