import { DatePicker, InputNumber, Typography } from '@arco-design/web-react';
import { useRegistryEnv } from '../context';
import type { InputProps } from '../registry';
import { formatFen } from '../widgets/money';
import { ListRows } from './list-rows';
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
 * The instalments of a repayment plan (分期还款) in the list-rows editor (list-rows.tsx): one row
 * per instalment, its due day and its amount typed in yuan (kept as fen), 添加一期 and 删除 per
 * row (the last one stays), and the total beneath, which the lawyer holds against what is
 * outstanding. The server judges the days and the total.
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
    <ListRows
      id={id}
      rows={shown}
      rowKey={(_, index) => index}
      columns={[
        {
          span: 4,
          cell: (_, index) => <Typography.Text>{t('plan.instalmentNo', { n: index + 1 })}</Typography.Text>,
        },
        {
          span: 8,
          cell: (row, index) => (
            <DatePicker
              value={row.dueOn && DAY.test(row.dueOn) ? row.dueOn : undefined}
              onChange={(day) => change(index, { dueOn: day || undefined })}
              placeholder={t('plan.dueOn')}
              inputProps={{ 'aria-label': t('plan.dueOnOf', { n: index + 1 }) }}
              disabled={disabled}
              style={{ width: '100%' }}
            />
          ),
        },
        {
          span: 8,
          cell: (row, index) => (
            <InputNumber
              value={fenToYuan(row.amountFen)}
              onChange={(typed) => change(index, { amountFen: yuanToFen(typed) })}
              min={0.01}
              precision={2}
              prefix="¥"
              placeholder={t('plan.amount')}
              aria-label={t('plan.amountOf', { n: index + 1 })}
              disabled={disabled}
            />
          ),
        },
      ]}
      onAdd={() => onChange([...shown, {}])}
      onRemove={(index) => onChange(shown.filter((_, i) => i !== index))}
      addLabel={t('plan.instalmentAdd')}
      removeLabel={t('plan.instalmentRemove')}
      minRows={1}
      maxRows={max}
      disabled={disabled}
      footer={
        <Typography.Text type="secondary">
          {t('plan.instalmentTotal', { total: formatFen(total) })}
        </Typography.Text>
      }
    />
  );
}
