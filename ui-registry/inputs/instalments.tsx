import { Button, DatePicker, InputNumber, Space, Typography } from '@arco-design/web-react';
import { useRegistryEnv } from '../context';
import type { InputProps } from '../registry';
import { formatFen } from '../widgets/money';
import { fenToYuan, yuanToFen } from './number';

interface Instalment {
  dueOn?: string;
  amountFen?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function rowsOf(value: unknown): Instalment[] {
  return Array.isArray(value) ? (value as Instalment[]) : [];
}

/**
 * The instalments of a repayment plan (分期还款): one row per instalment, its due day and its
 * amount typed in yuan (kept as fen), 添加一期 and 删除 per row, and the total beneath, which the
 * lawyer holds against what is outstanding. The server judges the days and the total.
 */
export function InstalmentsInput({ field, value, onChange, disabled, id }: InputProps) {
  const { t } = useRegistryEnv();
  const max = field.input.kind === 'instalments' ? field.input.max : 36;
  const rows = rowsOf(value);
  const shown = rows.length > 0 ? rows : [{}];
  const change = (index: number, patch: Instalment) =>
    onChange(shown.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const total = shown.reduce((sum, row) => sum + (row.amountFen ?? 0), 0);
  return (
    <div id={id} style={{ width: '100%' }}>
      {shown.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <Space key={index} style={{ display: 'flex', marginBottom: 8 }} align="center">
          <Typography.Text style={{ width: 56, display: 'inline-block' }}>
            {t('plan.instalmentNo', { n: index + 1 })}
          </Typography.Text>
          <DatePicker
            value={row.dueOn && DAY.test(row.dueOn) ? row.dueOn : undefined}
            onChange={(day) => change(index, { dueOn: day || undefined })}
            placeholder={t('plan.dueOn')}
            inputProps={{ 'aria-label': t('plan.dueOnOf', { n: index + 1 }) }}
            disabled={disabled}
            style={{ width: 160 }}
          />
          <InputNumber
            value={fenToYuan(row.amountFen)}
            onChange={(typed) => change(index, { amountFen: yuanToFen(typed) })}
            min={0.01}
            precision={2}
            prefix="¥"
            placeholder={t('plan.amount')}
            aria-label={t('plan.amountOf', { n: index + 1 })}
            disabled={disabled}
            style={{ width: 180 }}
          />
          <Button
            size="small"
            status="danger"
            type="text"
            disabled={disabled || shown.length === 1}
            onClick={() => onChange(shown.filter((_, i) => i !== index))}
          >
            {t('plan.instalmentRemove')}
          </Button>
        </Space>
      ))}
      <Space align="center">
        <Button
          size="small"
          disabled={disabled || shown.length >= max}
          onClick={() => onChange([...shown, {}])}
        >
          {t('plan.instalmentAdd')}
        </Button>
        <Typography.Text type="secondary">
          {t('plan.instalmentTotal', { total: formatFen(total) })}
        </Typography.Text>
      </Space>
    </div>
  );
}
