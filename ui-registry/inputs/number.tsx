import { InputNumber } from '@arco-design/web-react';
import { useRegistryEnv } from '../context';
import type { InputProps } from '../registry';

/** Integer fen as the yuan a user reads and types: 123456 -> 1234.56. */
export function fenToYuan(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value / 100 : undefined;
}

/** Typed yuan as integer fen, rounded to the fen: 1234.565 -> 123457; nothing typed -> undefined. */
export function yuanToFen(value: unknown): number | undefined {
  const yuan = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof yuan === 'number' && Number.isFinite(yuan) ? Math.round(yuan * 100) : undefined;
}

function numberOrUndefined(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/**
 * A number within the input's range. `money: true`: the user types yuan (two decimals) and
 * the value is integer fen, like every amount in the product; the range is in fen too.
 */
export function NumberInput({ field, value, onChange, disabled, id }: InputProps) {
  const { t } = useRegistryEnv();
  if (field.input.kind !== 'number') return null;
  const { min, max, precision, money } = field.input;
  const scale = (bound: number | undefined) =>
    bound === undefined ? undefined : money ? bound / 100 : bound;
  return (
    <InputNumber
      id={id}
      value={money ? fenToYuan(value) : numberOrUndefined(value)}
      onChange={(typed) => onChange(money ? yuanToFen(typed) : numberOrUndefined(typed))}
      min={scale(min)}
      max={scale(max)}
      precision={money ? 2 : precision}
      prefix={money ? '¥' : undefined}
      placeholder={field.placeholder ? t(field.placeholder) : undefined}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

/** Two amounts, typed in yuan, kept as `[minFen, maxFen]` (either may be left open). */
export function MoneyRangeInput({ value, onChange, disabled, id }: InputProps) {
  const { t } = useRegistryEnv();
  const [low, high] = Array.isArray(value) ? value : [];
  const change = (index: 0 | 1, typed: unknown) => {
    const next = [low, high];
    next[index] = yuanToFen(typed);
    onChange(next.every((end) => end === undefined) ? undefined : next);
  };
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, width: '100%' }}>
      <InputNumber
        id={id}
        value={fenToYuan(low)}
        onChange={(typed) => change(0, typed)}
        min={0}
        precision={2}
        prefix="¥"
        placeholder={t('registry.range.min')}
        disabled={disabled}
        aria-label={t('registry.range.min')}
      />
      <span aria-hidden>~</span>
      <InputNumber
        value={fenToYuan(high)}
        onChange={(typed) => change(1, typed)}
        min={0}
        precision={2}
        prefix="¥"
        placeholder={t('registry.range.max')}
        disabled={disabled}
        aria-label={t('registry.range.max')}
      />
    </div>
  );
}
