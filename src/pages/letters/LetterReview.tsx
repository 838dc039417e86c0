import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Message,
  Modal,
  Popconfirm,
  Space,
  Spin,
} from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can } from '../../../contract/access';
import type { LetterRow } from '../../../contract/firm-api';
import { LoadFailed, type RouteParams, renderValue } from '../../../ui-registry';
import { http } from '../../api/client';
import { ApiFailure, apiGet, apiPut } from '../../api/request';
import { announceDataChange, onDataChange } from '../../app/data-changes';
import { RouteLink } from '../../components/RouteLink';
import { useSession } from '../../session/session';

type Loaded<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: T };

const AUDIT_LIST = '/result/letter-audit';
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * /result/letter-review/:id (letters.review): one letter under review, its PDF shown in the page
 * beside the decision. The PDF comes from GET /api/letters/:id/pdf with the session's token, so
 * it is fetched as a blob and shown from an object URL (the CSP allows `blob:` frames). Passing
 * asks once; rejecting asks the reason in a dialog (the server requires one). Each decision names
 * the version shown; the dialog closes when the decision is done and starts empty each time it
 * opens (keyed by letter and version), so a reason typed for one submission can never reject the
 * next. When the letter changed meanwhile (409) the page reads it again and says so. After a
 * decision the reviewer is back on the list, which reads itself again (app/data-changes.ts); this
 * page, kept open in its tab, reads the letter again on any change too.
 */
export default function LetterReview({ params }: { params?: RouteParams }) {
  const { t } = useTranslation();
  const { role } = useSession();
  const navigate = useNavigate();
  const id = Number(params?.id);
  const [letter, setLetter] = useState<Loaded<LetterRow>>({ status: 'loading' });
  const [pdf, setPdf] = useState<Loaded<string> | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [saving, setSaving] = useState(false);
  const [changed, setChanged] = useState<string | null>(null);

  const load = useCallback(
    async (quiet = false) => {
      if (!quiet) setLetter({ status: 'loading' });
      try {
        setLetter({ status: 'ready', data: await apiGet<LetterRow>(`/letters/${id}`, { silent: true }) });
      } catch (error) {
        setLetter({ status: 'failed', message: message(error) });
      }
    },
    [id],
  );

  useEffect(() => {
    void load();
  }, [load]);
  // A decision elsewhere (this reviewer's, another's, the lawyer sending it in again): read it again.
  useEffect(() => onDataChange(() => void load(true)), [load]);

  const written = letter.status === 'ready' && letter.data.written;
  useEffect(() => {
    if (!written) return;
    const abort = new AbortController();
    setPdf({ status: 'loading' });
    http
      .get<Blob>(`/letters/${id}/pdf`, { responseType: 'blob', silent: true, signal: abort.signal })
      .then((response) => {
        const blob = new Blob([response.data], { type: 'application/pdf' });
        setPdf({ status: 'ready', data: URL.createObjectURL(blob) });
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setPdf({ status: 'failed', message: message(error) });
      });
    return () => abort.abort();
  }, [id, written]);

  // The object URL lives as long as it is shown.
  useEffect(() => {
    if (pdf?.status !== 'ready') return;
    const url = pdf.data;
    return () => URL.revokeObjectURL(url);
  }, [pdf]);

  async function decide(
    version: number,
    body: { status: 'passed' } | { status: 'rejected'; reason: string },
  ): Promise<void> {
    setSaving(true);
    try {
      await apiPut(`/letters/${id}/review`, { ...body, version }, { silent: true });
      setRejecting(false);
      setChanged(null);
      Message.success(t('letter.review.decided'));
      announceDataChange();
      navigate(AUDIT_LIST);
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 409) {
        // Not what the reviewer read: close the dialog, show the letter as it is now, say why.
        setRejecting(false);
        // A stale version says the letter changed; another refusal (already decided, its case
        // closed) says the server's reason.
        const stale = typeof error.data === 'object' && error.data !== null && 'version' in error.data;
        setChanged(stale ? t('letter.review.changed') : error.message);
        await load(true);
        announceDataChange();
      } else {
        Message.error(error instanceof ApiFailure ? error.message : message(error));
      }
    } finally {
      setSaving(false);
    }
  }

  if (letter.status === 'loading') return <Spin block style={{ minHeight: 300 }} />;
  if (letter.status === 'failed') {
    return (
      <LoadFailed title={t('letter.review.loadFailed')} reason={letter.message} onRetry={() => void load()} />
    );
  }
  const row = letter.data;
  const auditing = row.status === 'auditing';

  const preview = () => {
    if (!row.written) return <Alert type="info" content={t('letter.review.noFile')} />;
    if (pdf?.status === 'failed') {
      return (
        <LoadFailed
          title={t('letter.review.pdfFailed')}
          reason={pdf.message}
          onRetry={() => setLetter({ status: 'ready', data: { ...row } })}
        />
      );
    }
    if (pdf?.status !== 'ready') return <Spin block style={{ minHeight: 400 }} />;
    return (
      <iframe
        title={t('letter.review.frameTitle', { letterNo: row.letterNo })}
        src={pdf.data}
        style={{ width: '100%', height: '72vh', border: '1px solid var(--color-neutral-3)' }}
      />
    );
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        bordered={false}
        title={t('letter.review.title', { letterNo: row.letterNo })}
        extra={
          <Space>
            <RouteLink to={AUDIT_LIST}>{t('letter.review.back')}</RouteLink>
            {auditing && (
              <>
                <Popconfirm
                  title={t('letter.review.passConfirm', { letterNo: row.letterNo })}
                  onOk={() => decide(row.version, { status: 'passed' })}
                >
                  <Button type="primary" loading={saving}>
                    {t('letter.review.pass')}
                  </Button>
                </Popconfirm>
                <Button status="danger" disabled={saving} onClick={() => setRejecting(true)}>
                  {t('letter.review.reject')}
                </Button>
              </>
            )}
          </Space>
        }
      >
        {changed && (
          <Alert
            type="warning"
            content={changed}
            closable
            onClose={() => setChanged(null)}
            style={{ marginBottom: 16 }}
            data-testid="letter-changed"
          />
        )}
        {!auditing && (
          <Alert type="warning" content={t('letter.review.alreadyDecided')} style={{ marginBottom: 16 }} />
        )}
        <Descriptions
          column={3}
          data={[
            {
              label: t('letter.review.case'),
              value:
                row.caseId !== null && can('cases.manage', role) ? (
                  <RouteLink to={`/list/case-detail/${row.caseId}`}>{row.caseNo}</RouteLink>
                ) : (
                  (row.caseNo ?? '—')
                ),
            },
            { label: t('letter.review.firm'), value: row.lawFirmName },
            {
              label: t('letter.template'),
              value: row.template ? t(`enum.letterTemplate.${row.template}`) : '—',
            },
            {
              label: t('letter.review.status'),
              value: renderValue({ field: 'status', title: '', widget: 'status', enum: 'letterStatus' }, row),
            },
            {
              label: t('letter.review.submittedAt'),
              // The registry's datetime widget: the same format as the lists.
              value: renderValue({ field: 'submittedAt', title: '', widget: 'datetime' }, row),
            },
            { label: t('letter.review.resubmissions'), value: row.resubmissions },
          ]}
        />
      </Card>
      <Card bordered={false}>{preview()}</Card>
      {auditing && (
        <RejectDialog
          // A new letter or version is a new dialog: nothing typed for another carries over.
          key={`${row.id}:${row.version}`}
          visible={rejecting}
          saving={saving}
          onCancel={() => setRejecting(false)}
          onReject={(reason) => decide(row.version, { status: 'rejected', reason })}
        />
      )}
    </Space>
  );
}

/** The reason for sending a letter back; empty every time it opens. */
function RejectDialog({
  visible,
  saving,
  onCancel,
  onReject,
}: {
  visible: boolean;
  saving: boolean;
  onCancel: () => void;
  onReject: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  // Closed (cancelled or decided): what was typed goes with it.
  useEffect(() => {
    if (!visible) form.resetFields();
  }, [visible, form]);
  return (
    <Modal
      title={t('letter.review.rejectTitle')}
      visible={visible}
      confirmLoading={saving}
      okText={t('letter.review.reject')}
      okButtonProps={{ status: 'danger' }}
      onCancel={onCancel}
      onOk={async () => {
        // A missing reason is shown at the field; the dialog stays open.
        const values = await form.validate().catch(() => null);
        if (values) await onReject(values.reason.trim());
      }}
      unmountOnExit
    >
      <Form form={form} layout="vertical">
        <Form.Item
          field="reason"
          label={t('letter.review.reason')}
          rules={[
            {
              required: true,
              validator: (v, cb) => cb(v?.trim() ? undefined : t('letter.review.reasonRequired')),
            },
          ]}
        >
          <Input.TextArea maxLength={200} showWordLimit placeholder={t('letter.review.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
