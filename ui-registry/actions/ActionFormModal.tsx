import { Alert, Form, Modal } from '@arco-design/web-react';
import { type ReactNode, useState } from 'react';
import type { FieldDescriptor } from '../../contract/pages/descriptor';
import { FormFields } from '../fields/FormFields';
import { fieldOfPath } from '../fields/values';
import type { RouteParams } from '../registry';
import type { RequestFailure } from '../request-failure';

interface Props {
  title: string;
  fields: readonly FieldDescriptor[];
  params: RouteParams;
  visible: boolean;
  onCancel: () => void;
  /** Shown above the fields: what the decision is about (a repayment's outstanding amount, a push it withdraws). */
  intro?: ReactNode;
  /** The OK button's text, when it should say what OK does. */
  okText?: string;
  /** Sends the values: null when done (the dialog closes), else what went wrong, shown here. */
  onSubmit: (values: Record<string, unknown>) => Promise<RequestFailure | null>;
}

/**
 * The small form an action asks before it acts (a suspension's reason, a case's assignee).
 * A refusal stays in the dialog: field errors at their fields, anything else above them.
 */
export default function ActionFormModal({
  title,
  fields,
  params,
  visible,
  intro,
  okText,
  onCancel,
  onSubmit,
}: Props) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validate();
    } catch {
      return; // The fields say what is wrong.
    }
    setBusy(true);
    setProblem(null);
    const failure = await onSubmit(values);
    setBusy(false);
    if (!failure) {
      form.resetFields();
      return;
    }
    const atFields = failure.fieldErrors.filter((error) => fieldOfPath(fields, error.path));
    form.setFields(
      Object.fromEntries(
        atFields.map((error) => [
          fieldOfPath(fields, error.path)?.name ?? error.path,
          { error: { message: error.message } },
        ]),
      ),
    );
    if (atFields.length === 0 || atFields.length < failure.fieldErrors.length) setProblem(failure.message);
  };

  return (
    <Modal
      title={title}
      visible={visible}
      onOk={submit}
      onCancel={() => {
        setProblem(null);
        onCancel();
      }}
      confirmLoading={busy}
      {...(okText ? { okText } : {})}
      unmountOnExit
      autoFocus={false}
    >
      {intro}
      {problem && (
        <Alert type="error" content={problem} style={{ marginBottom: 16 }} data-testid="action-problem" />
      )}
      <Form form={form} layout="vertical">
        <FormFields fields={fields} columns={1} params={params} disabled={busy} />
      </Form>
    </Modal>
  );
}
