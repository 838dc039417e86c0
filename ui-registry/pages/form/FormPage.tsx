import { Alert, Button, Card, Form, Skeleton, Space } from '@arco-design/web-react';
import { useMemo, useState } from 'react';
import type { FormPage as FormDescriptor } from '../../../contract/pages/descriptor';
import { titleText } from '../../../contract/title';
import { useRegistryEnv } from '../../context';
import { FormFields } from '../../fields/FormFields';
import { fieldOfPath, initialValuesOf, isLocked, toBody } from '../../fields/values';
import { LoadFailed } from '../../load-failed';
import { fillTemplate, getField, isAppPath } from '../../record';
import { recordNameOf, useRecordName } from '../../record-name';
import type { DataRecord, PageRendererProps, RouteParams } from '../../registry';
import { isConflict, type RequestFailure, readFailure } from '../../request-failure';
import { useSourceData } from '../../source-data';

/**
 * A form page: initial values from `source` (GET) when it has one, the product's validation
 * rules, then `submit` (method and path template from the route and the record). A record
 * that carries a `version` sends it back with the values (optimistic locking): when someone
 * else saved first the server answers 409 and the form says so, with a way to reload.
 */
export function FormPage({ page, params }: PageRendererProps<FormDescriptor>) {
  const { t, locale } = useRegistryEnv();
  const source = useSourceData(page.source?.path ?? null, params);
  // An edit form's tab reads the record's name (a case's number), not its id.
  useRecordName(source.status === 'ready' ? recordNameOf(source.data) : null);

  // A reload (after a conflict, after a save that stays) starts the form afresh from the new answer.
  if (source.status === 'loading' || (source.status === 'ready' && source.refreshing))
    return <Skeleton animation text={{ rows: 8 }} data-testid="form-loading" />;
  if (source.status === 'failed') {
    return <LoadFailed reason={source.message} onRetry={source.reload} />;
  }
  const record = (source.data !== null && typeof source.data === 'object' ? source.data : {}) as DataRecord;
  return (
    <Card bordered={false} title={titleText(page.title, locale, t)} data-page-type="form">
      <FormBody page={page} params={params} record={record} reload={source.reload} />
    </Card>
  );
}

interface BodyProps {
  page: FormDescriptor;
  params: RouteParams;
  record: DataRecord;
  reload: () => void;
}

function FormBody({ page, params, record, reload }: BodyProps) {
  const env = useRegistryEnv();
  const { t } = env;
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ conflict: boolean; message: string } | null>(null);
  const initialValues = useMemo(() => initialValuesOf(page.fields, record), [page.fields, record]);
  const lookup = (name: string) => params[name] ?? getField(record, name);
  const path = fillTemplate(page.submit.path, lookup);

  const showFailure = (failure: RequestFailure) => {
    const atFields = failure.fieldErrors.filter((error) => fieldOfPath(page.fields, error.path));
    form.setFields(
      Object.fromEntries(
        atFields.map((error) => [
          fieldOfPath(page.fields, error.path)?.name ?? error.path,
          { error: { message: error.message } },
        ]),
      ),
    );
    // Field errors are shown at their fields; anything else (a conflict, a rule of the server) on top.
    if (atFields.length === 0 || atFields.length < failure.fieldErrors.length || isConflict(failure)) {
      setProblem({ conflict: isConflict(failure), message: failure.message });
    }
  };

  const afterSuccess = (answer: unknown) => {
    const next = page.submit.afterSuccess;
    if (next === 'back' && env.back) env.back();
    else if (next !== 'stay' && next !== 'back') {
      const target = fillTemplate(next, (name) => getField(answer, name) ?? lookup(name));
      if (target !== null && isAppPath(target)) env.navigate(target);
    } else if (page.source) reload();
    else form.resetFields();
  };

  const submit = async (values: Record<string, unknown>) => {
    if (path === null) return;
    const version = getField(record, 'version');
    // A field the record locks (the claim after approval) is shown, never sent.
    const sent = page.fields.filter((field) => !isLocked(field, record));
    const body = { ...toBody(sent, values), ...(version === undefined ? {} : { version }) };
    setBusy(true);
    setProblem(null);
    let answer: unknown;
    try {
      answer = await env.request(page.submit.method, path, { body, silent: true });
    } catch (error) {
      setBusy(false);
      showFailure(readFailure(error));
      return;
    }
    setBusy(false);
    env.notify('success', t(page.submit.successMessage ?? 'registry.form.saved'));
    afterSuccess(answer);
  };

  return (
    <Form
      form={form}
      layout={page.layout}
      labelCol={page.layout === 'horizontal' ? { span: 6 } : undefined}
      wrapperCol={page.layout === 'horizontal' ? { span: 18 } : undefined}
      initialValues={initialValues}
      onSubmit={submit}
    >
      {problem && (
        <Alert
          type={problem.conflict ? 'warning' : 'error'}
          title={problem.conflict ? t('registry.form.conflictTitle') : undefined}
          content={problem.message}
          style={{ marginBottom: 16 }}
          data-testid="form-problem"
          action={
            problem.conflict && page.source ? (
              <Button size="small" type="primary" onClick={reload}>
                {t('registry.form.reload')}
              </Button>
            ) : undefined
          }
        />
      )}
      {path === null && (
        <Alert type="error" content={t('registry.missingParam', { path: page.submit.path })} />
      )}
      <FormFields
        fields={page.fields}
        columns={page.columns}
        params={params}
        disabled={busy}
        record={page.source ? record : undefined}
      />
      <Space>
        <Button type="primary" htmlType="submit" loading={busy} disabled={path === null}>
          {t(page.submit.label ?? 'common.submit')}
        </Button>
        <Button onClick={() => form.resetFields()} disabled={busy}>
          {t('common.reset')}
        </Button>
      </Space>
    </Form>
  );
}
