import { Alert } from '@arco-design/web-react';
import { lazy, Suspense, use, useState } from 'react';
import { type ActionDescriptor, CASE_TRANSITION_PATH } from '../../contract/pages/descriptor';
import { type RegistryEnvironment, useRegistryEnv } from '../context';
import { isEmptyValue, toBody } from '../fields/values';
import { fillTemplate, getField } from '../record';
import type { ActionProps, DataRecord } from '../registry';
import { isConflict, type RequestFailure } from '../request-failure';
import { formatDateTime } from '../widgets/date';
import { displayText } from '../widgets/text';
import { ActionButton } from './action-button';
import { allowedCaseEvents } from './case-events';
import { sendChange } from './send';
import { TRANSITION_FIELDS } from './transition-fields';

type TransitionAction = Extract<ActionDescriptor, { kind: 'transition' }>;

/**
 * The environment with the case status machine in hand when this record needs it (it carries
 * no `allowedEvents` of the server's): `caseEvents`, else loaded with `loadCaseEvents`, which
 * suspends the action until the machine is in.
 */
function withCaseEvents(record: DataRecord | undefined, env: RegistryEnvironment): RegistryEnvironment {
  if (env.caseEvents || !env.loadCaseEvents || Array.isArray(getField(record, 'allowedEvents'))) return env;
  return { ...env, caseEvents: use(env.loadCaseEvents()) };
}

const ActionFormModal = lazy(() => import('./ActionFormModal'));

/**
 * A case status event (TAKE, SUSPEND, CLOSE...), shown only when the case status machine
 * allows it for the current user: the record's `allowedEvents` (ActionBar checks those), else
 * the machine itself, asked here. It sends the version the user saw, so a case changed
 * meanwhile is refused (409) with the server's reason, shown as it is.
 */
export function TransitionAction({ action, record, params, onDone }: ActionProps<TransitionAction>) {
  const env = useRegistryEnv();
  const { t } = env;
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<boolean | null>(null);
  // Each opening of the dialog is a fresh form: nothing typed before carries over.
  const [opening, setOpening] = useState(0);
  const allowed = allowedCaseEvents(record, withCaseEvents(record, env)).includes(action.event);
  const fields = TRANSITION_FIELDS[action.event];
  const path = fillTemplate(CASE_TRANSITION_PATH, (name) => getField(record, name) ?? params[name]);
  const version = getField(record, 'version');

  /**
   * A 409 means the case is no longer what the user saw (someone else changed it, or it moved
   * on so the event no longer applies): the server's reason is shown, saying the case was read
   * again, and it is, so the buttons (and the version a retry sends) match the case as it is.
   */
  const send = async (details: Record<string, unknown>) => {
    const failure = await sendChange(
      env,
      { method: 'POST', path: path ?? '', body: { event: action.event, version, ...details } },
      { success: t('registry.transition.done', { label: t(action.label) }), onDone },
    );
    if (!failure || !isConflict(failure)) return failure;
    onDone?.();
    return { ...failure, message: conflictMessage(failure) };
  };

  /** A refusal for a stale version carries the case's current `data: {version, savedBy, savedAt}`. */
  const isStale = (failure: RequestFailure) =>
    Boolean(failure.data && typeof failure.data === 'object' && 'version' in failure.data);

  /** A stale version names who changed the case and when (`data: {savedBy, savedAt}`); other refusals say their reason. */
  const conflictMessage = (failure: RequestFailure) => {
    const data = (failure.data ?? {}) as { savedBy?: { name?: unknown } | null; savedAt?: unknown };
    if (!data || typeof data !== 'object' || !('version' in data)) {
      return t('registry.transition.conflict', { message: failure.message });
    }
    const name = typeof data.savedBy?.name === 'string' ? data.savedBy.name : '';
    return name && typeof data.savedAt === 'string'
      ? t('registry.transition.changedBy', { name, at: formatDateTime(data.savedAt) })
      : t('registry.transition.changed');
  };
  // Operations assigning a case that waits for a firm's answer: say that the push may be withdrawn.
  const withdrawsPush = action.event === 'ASSIGN' && getField(record, 'assignWithdrawsPush') === true;

  const start = async () => {
    if (path === null) return;
    if (action.confirm && !(await env.confirm(t(action.confirm)))) return;
    if (fields) {
      setOpening((n) => n + 1);
      setAsking(true);
      return;
    }
    setBusy(true);
    const failure = await send({});
    setBusy(false);
    if (failure) env.notify('error', failure.message);
  };

  if (!allowed) return null;
  return (
    <>
      <ActionButton
        primary={action.event === 'TAKE'}
        danger={action.danger}
        disabled={path === null}
        loading={busy}
        onClick={start}
      >
        {t(action.label)}
      </ActionButton>
      {fields && asking !== null && (
        <Suspense fallback={null}>
          <ActionFormModal
            // Keyed by the case's version and the opening: a reason typed for the case as it was
            // is never sent for the case as it is.
            key={`${String(version)}:${opening}`}
            title={t(action.label)}
            fields={fields}
            params={params}
            visible={asking}
            {...(withdrawsPush
              ? {
                  intro: (
                    <Alert
                      type="warning"
                      data-testid="assign-withdraws-push"
                      style={{ marginBottom: 16 }}
                      content={t('registry.transition.assignWithdrawsPush', {
                        firm: displayText(getField(record, 'lawFirmName')),
                      })}
                    />
                  ),
                  okText: t('registry.transition.assignConfirm'),
                }
              : {})}
            onCancel={() => setAsking(false)}
            onSubmit={async (values) => {
              const details = toBody(fields, values);
              if (
                action.event === 'ASSIGN' &&
                isEmptyValue(details.lawyerId) &&
                isEmptyValue(details.lawFirmId)
              ) {
                const message = t('case.transition.assigneeRequired');
                return { message, status: null, code: null, fieldErrors: [] };
              }
              const failure = await send(details);
              if (!failure) setAsking(false);
              // The case changed meanwhile: the dialog closes, the record is read again (send's
              // onDone) and the notice says so; the person decides again on what they now see.
              // Another refusal (the event no longer applies, not the person's to do) stays in the
              // dialog with its reason.
              if (failure && isConflict(failure) && isStale(failure)) {
                setAsking(false);
                env.notify('warning', failure.message);
                return null;
              }
              return failure;
            }}
          />
        </Suspense>
      )}
    </>
  );
}
