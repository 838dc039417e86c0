import { Alert, Button, Form, Input, Modal, Select, Typography } from '@arco-design/web-react';
import { useState } from 'react';
import { REVEAL_REASONS } from '../../../../contract/parties';
import { useRegistryEnv } from '../../../context';
import { readFailure } from '../../../request-failure';

/** One value to reveal: where to POST, what to send besides the reason, and how it shows masked. */
export interface RevealTarget {
  path: string;
  body: { field: 'idNumber' | 'phone'; phoneId?: number };
  masked: string;
}

/**
 * 查看: asks why (联系当事人, 核实身份, 诉讼材料, 其他 with a note), POSTs the reveal and shows the
 * answered value. The value lives only in this dialog's state: closing it forgets the value, and
 * the dialog's content is unmounted with it.
 */
export function RevealModal({ target, onClose }: { target: RevealTarget | null; onClose: () => void }) {
  const { t, request } = useRegistryEnv();
  const [form] = Form.useForm();
  const [value, setValue] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setValue(null);
    setProblem(null);
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    if (!target) return;
    let values: { reason: string; note?: string };
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await request<{ value: string }>('POST', target.path, {
        body: { ...target.body, reason: values.reason, ...(values.note ? { note: values.note } : {}) },
        silent: true,
      });
      setValue(answer.value);
    } catch (error) {
      const failure = readFailure(error);
      const note = failure.fieldErrors.find((e) => e.path === 'note');
      if (note) form.setFields({ note: { error: { message: note.message } } });
      else setProblem(failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('party.revealTitle')}
      visible={target !== null}
      onCancel={close}
      unmountOnExit
      footer={
        value === null ? (
          <>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="primary" loading={busy} onClick={submit}>
              {t('party.revealSubmit')}
            </Button>
          </>
        ) : (
          <Button type="primary" onClick={close}>
            {t('common.close')}
          </Button>
        )
      }
    >
      <Typography.Paragraph>{target?.masked}</Typography.Paragraph>
      {value === null ? (
        <>
          <Alert type="warning" content={t('party.revealHint')} style={{ marginBottom: 16 }} />
          {problem && <Alert type="error" content={problem} style={{ marginBottom: 16 }} />}
          <Form form={form} layout="vertical" initialValues={{ reason: 'contact' }}>
            <Form.Item label={t('party.revealReason')} field="reason" rules={[{ required: true }]}>
              <Select
                options={REVEAL_REASONS.map((r) => ({ value: r, label: t(`enum.revealReason.${r}`) }))}
              />
            </Form.Item>
            <Form.Item shouldUpdate noStyle>
              {(values: { reason?: string }) => (
                <Form.Item
                  label={t('party.revealNote')}
                  field="note"
                  rules={[
                    {
                      required: values.reason === 'other',
                      message: t('party.revealNoteRequired'),
                    },
                    { maxLength: 200 },
                  ]}
                >
                  <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} />
                </Form.Item>
              )}
            </Form.Item>
          </Form>
        </>
      ) : (
        <div>
          <Typography.Text type="secondary">{t('party.revealedValue')}</Typography.Text>
          <Typography.Title heading={4} copyable data-testid="revealed-value">
            {value}
          </Typography.Title>
        </div>
      )}
    </Modal>
  );
}
