import { Alert, Upload, type UploadProps } from '@arco-design/web-react';
import { useState } from 'react';
import { useRegistryEnv } from '../context';
import { fillTemplate, getField } from '../record';
import type { InputProps } from '../registry';
import { readFailure } from '../request-failure';
import { displayText } from '../widgets/text';

type UploadItem = NonNullable<UploadProps['fileList']>[number];

const MB = 1024 * 1024;

function itemsOf(value: unknown): UploadItem[] {
  // A single upload's value is an id: the file is not shown again when the form opens anew.
  return (Array.isArray(value) ? value : []).map((answer, i) => ({
    uid: `stored-${i}`,
    name: displayText(getField(answer, 'name')),
    status: 'done',
    response: answer,
  }));
}

/**
 * Files sent one by one as multipart (field `file`) to the input's `path`, through the
 * environment like every other call; the value is the list of the server's answers for the
 * files it took. An upload input without a path says that uploads are not available rather
 * than pretend: nothing is kept in the browser as if it had been sent.
 */
export function UploadInput({ field, value, onChange, disabled, params }: InputProps) {
  const { t, request, notify, confirm } = useRegistryEnv();
  const [files, setFiles] = useState<UploadItem[]>(() => itemsOf(value));
  const input = field.input.kind === 'upload' ? field.input : null;
  const path = input?.path ? fillTemplate(input.path, (name) => params?.[name]) : null;
  if (!input || path === null) {
    return <Alert type="info" content={t('registry.upload.unavailable')} data-testid="upload-unavailable" />;
  }
  return (
    <Upload
      fileList={files}
      accept={input.accept}
      disabled={disabled}
      multiple={!input.single}
      limit={input.single ? 1 : undefined}
      beforeUpload={(file) => {
        if (file.size <= input.maxSizeMb * MB) return true;
        notify('error', t('registry.upload.tooLarge', { name: file.name, mb: input.maxSizeMb }));
        return false;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        const controller = new AbortController();
        const body = new FormData();
        body.append('file', file);
        request<object>('POST', path, { body, signal: controller.signal, silent: true }).then(
          (answer) => onSuccess(answer ?? {}),
          (error: unknown) => {
            const { message } = readFailure(error);
            notify('error', t('registry.upload.failed', { name: file.name, message }));
            onError({ message });
          },
        );
        return { abort: () => controller.abort() };
      }}
      onRemove={async (item) => {
        const id = getField(item.response, 'id');
        // Not stored (failed, still sending): nothing to ask the server.
        if (item.status !== 'done' || id === undefined || id === null) return true;
        if (!input.removable) return true;
        if (!(await confirm(t('registry.upload.confirmRemove', { name: item.name ?? '' })))) return false;
        try {
          await request('DELETE', `${path}/${encodeURIComponent(String(id))}`, { silent: true });
          notify('success', t('registry.upload.removed', { name: item.name ?? '' }));
          return true;
        } catch (error) {
          notify(
            'error',
            t('registry.upload.removeFailed', { name: item.name ?? '', message: readFailure(error).message }),
          );
          return false;
        }
      }}
      onChange={(list) => {
        setFiles(list);
        const stored = list.filter((item) => item.status === 'done').map((item) => item.response);
        if (input.single) onChange(getField(stored[0], 'id') ?? undefined);
        else onChange(stored.length ? stored : undefined);
      }}
    />
  );
}
