import { useEffect, useState } from 'react';
import { useRegistryEnv } from '../context';
import type { WidgetProps } from '../registry';
import { formatDateTime, toDate } from './date';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** Time left until `target`, in whole minutes rounded up; null once it has passed. */
export function timeLeft(target: Date, now: number): { days: number; hours: number; minutes: number } | null {
  const ms = target.getTime() - now;
  if (ms <= 0) return null;
  const total = Math.ceil(ms / MINUTE);
  return {
    days: Math.floor(total / DAY_MINUTES),
    hours: Math.floor((total % DAY_MINUTES) / 60),
    minutes: total % 60,
  };
}

/** "3 天 4 小时后", "5 小时 20 分钟后", "12 分钟后", or "已过去". */
export function countdownText(
  target: Date,
  now: number,
  t: (key: string, params?: Record<string, unknown>) => string,
) {
  const left = timeLeft(target, now);
  if (!left) return t('registry.countdown.passed');
  if (left.days > 0) return t('registry.countdown.days', left);
  if (left.hours > 0) return t('registry.countdown.hours', left);
  return t('registry.countdown.minutes', left);
}

/** The current time, refreshed every minute while mounted. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Time left until e.g. a court session; the exact time is in the tooltip. */
export function CountdownWidget({ value }: WidgetProps) {
  const { t } = useRegistryEnv();
  const now = useMinuteClock();
  const target = toDate(value);
  if (!target) return <>-</>;
  const left = timeLeft(target, now);
  // Passed sessions fade; sessions within a day stand out.
  const color = !left ? 'var(--color-text-3)' : left.days === 0 ? 'rgb(var(--warning-6))' : undefined;
  return (
    <span style={{ color }} title={formatDateTime(value)}>
      {countdownText(target, now, t)}
    </span>
  );
}
