import { Button, Form, Message } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneSchema } from '../../contract/account-rules';
import type { SmsPurpose } from '../../contract/auth';
import { sendSmsCode } from '../api/sms';

/** The server's cool-down; used when its answer does not say. */
export const SMS_COOLDOWN_SECONDS = 60;

interface SmsCodeButtonProps {
  purpose: SmsPurpose;
  /** The field of the surrounding Arco form holding the phone: its rules run before a code is sent. */
  phoneField?: string;
  /** `suffix`: a small text button inside the code input; `button`: a button beside it. */
  look?: 'suffix' | 'button';
}

/**
 * The one send-code button (registration, password reset, phone binding): checks the form's
 * phone, sends `GET /api/send-sms` with it and the purpose, then counts the cool-down down before
 * another may be asked for. A refusal (429: sent too often) or a network failure reaches the user
 * through the error catalogue, once; the button is then ready again.
 */
export function SmsCodeButton({ purpose, phoneField = 'phone', look = 'button' }: SmsCodeButtonProps) {
  const { t } = useTranslation();
  const { form } = Form.useFormContext();
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);

  // Counted in ticks, not against the clock: a throttled background tab only makes the wait
  // longer, never shorter than the server's own cool-down.
  const counting = remaining > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setRemaining((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  /** The phone to send to, or null: the form then shows why under the phone field. */
  async function phoneToSend(): Promise<string | null> {
    let value: unknown;
    try {
      value = (await form.validate([phoneField]))[phoneField];
    } catch {
      return null;
    }
    // The form's own rules may be looser (or missing): a code only ever goes to a real phone.
    const phone = phoneSchema.safeParse(value ?? '');
    if (phone.success) return phone.data;
    form.setFields({ [phoneField]: { value, error: { message: t(phone.error.issues[0].message) } } });
    return null;
  }

  async function send() {
    const phone = await phoneToSend();
    if (!phone) return;
    setSending(true);
    try {
      const sent = await sendSmsCode(phone, purpose);
      setRemaining(sent.cooldownSeconds > 0 ? sent.cooldownSeconds : SMS_COOLDOWN_SECONDS);
      Message.success(t('smsCode.sent', { minutes: Math.round(sent.expiresInSeconds / 60) }));
    } catch {
      // Already shown by the error catalogue.
    } finally {
      setSending(false);
    }
  }

  return (
    <Button
      type={look === 'suffix' ? 'text' : undefined}
      size={look === 'suffix' ? 'small' : undefined}
      style={{ minWidth: 120 }}
      loading={sending}
      disabled={counting}
      onClick={send}
    >
      {counting ? t('smsCode.resendIn', { seconds: remaining }) : t('smsCode.send')}
    </Button>
  );
}
