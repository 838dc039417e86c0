import { Button } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsPurpose } from '../../../contract/auth';
import { sendSmsCode } from '../../api/sms';

const DEFAULT_COOLDOWN_S = 60;

interface SmsCodeButtonProps {
  purpose: SmsPurpose;
  /** Validates the phone field and answers the phone, or null when it is not valid yet. */
  getPhone: () => Promise<string | null>;
}

/** Sends an SMS code, then counts down (60 s, or the server's cool-down) before it may send again. */
export function SmsCodeButton({ purpose, getPhone }: SmsCodeButtonProps) {
  const { t } = useTranslation();
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);

  const send = async () => {
    const phone = await getPhone();
    if (!phone) return;
    setSending(true);
    try {
      const sent = await sendSmsCode(phone, purpose);
      const start = Date.now();
      setNow(start);
      setUntil(start + (sent.cooldownSeconds || DEFAULT_COOLDOWN_S) * 1000);
    } catch {
      // The error catalogue has shown why (cool-down, network).
    } finally {
      setSending(false);
    }
  };

  return (
    <Button loading={sending} disabled={seconds > 0} onClick={send} style={{ minWidth: 120 }}>
      {seconds > 0 ? t('userSetting.sms.resendIn', { seconds }) : t('userSetting.sms.send')}
    </Button>
  );
}
