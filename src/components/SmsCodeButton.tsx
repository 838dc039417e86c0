import { Button, Message } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsPurpose } from '../../contract/auth';
import { sendSmsCode } from '../api/sms';

/** The server's cool-down; used when its answer does not say. */
export const SMS_COOLDOWN_SECONDS = 60;

interface SmsCodeButtonProps {
  purpose: SmsPurpose;
  /** The phone to send to, or null when it is not valid yet (the form shows why). */
  getPhone: () => Promise<string | null>;
}

/**
 * Sends an SMS code and counts the cool-down down before another may be asked for. A refusal
 * (429: sent too often) reaches the user through the error catalogue with the server's message.
 */
export function SmsCodeButton({ purpose, getPhone }: SmsCodeButtonProps) {
  const { t } = useTranslation();
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);

  const counting = remaining > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setRemaining((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  async function send() {
    const phone = await getPhone();
    if (!phone) return;
    setSending(true);
    try {
      const sent = await sendSmsCode(phone, purpose);
      setRemaining(sent.cooldownSeconds > 0 ? sent.cooldownSeconds : SMS_COOLDOWN_SECONDS);
      Message.success(t('register.sms.sent', { minutes: Math.round(sent.expiresInSeconds / 60) }));
    } catch {
      // Already shown by the error catalogue.
    } finally {
      setSending(false);
    }
  }

  return (
    <Button
      type="text"
      size="small"
      className="cd-sms-button"
      loading={sending}
      disabled={counting}
      onClick={send}
    >
      {counting ? t('register.sms.resendIn', { seconds: remaining }) : t('register.sms.send')}
    </Button>
  );
}
