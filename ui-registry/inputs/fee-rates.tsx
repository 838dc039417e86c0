import { InputNumber, Select } from '@arco-design/web-react';
import { useRegistryEnv } from '../context';
import type { InputProps } from '../registry';
import { ListRows } from './list-rows';
import { useOptions } from './options';

interface FeeRate {
  lawFirmId?: number;
  ratePercent?: number;
}

function rowsOf(value: unknown): FeeRate[] {
  return Array.isArray(value) ? (value as FeeRate[]) : [];
}

/**
 * A creditor's fee rates (委托方的律所费率) in the list-rows editor (list-rows.tsx): one row per
 * law firm, the firm chosen from the options the descriptor names and its rate in percent
 * (two decimals), 添加律所 and 删除 per row. The server judges the firms and the rates.
 */
export function FeeRatesInput({ field, value, onChange, disabled, params, id }: InputProps) {
  const { t } = useRegistryEnv();
  const firmsFrom = field.input.kind === 'feeRates' ? field.input.firmsFrom : undefined;
  const { options, loading } = useOptions({ kind: 'select', optionsFrom: firmsFrom }, params);
  const rows = rowsOf(value);
  const change = (index: number, patch: FeeRate) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <ListRows
      id={id}
      rows={rows}
      rowKey={(_, index) => index}
      columns={[
        {
          span: 12,
          cell: (row, index) => (
            <Select
              value={row.lawFirmId === undefined ? undefined : String(row.lawFirmId)}
              onChange={(next: string | undefined) =>
                change(index, { lawFirmId: next ? Number(next) : undefined })
              }
              options={options.map((o) => ({ value: String(o.value), label: o.label }))}
              loading={loading}
              placeholder={t('creditor.feeRate.firm')}
              aria-label={t('creditor.feeRate.firmOf', { n: index + 1 })}
              disabled={disabled}
              showSearch
            />
          ),
        },
        {
          span: 8,
          cell: (row, index) => (
            <InputNumber
              value={row.ratePercent}
              onChange={(typed) => change(index, { ratePercent: typed ?? undefined })}
              min={0}
              max={100}
              precision={2}
              suffix="%"
              placeholder={t('creditor.feeRate.rate')}
              aria-label={t('creditor.feeRate.rateOf', { n: index + 1 })}
              disabled={disabled}
            />
          ),
        },
      ]}
      onAdd={() => onChange([...rows, {}])}
      onRemove={(index) => onChange(rows.filter((_, i) => i !== index))}
      addLabel={t('creditor.feeRate.add')}
      removeLabel={t('creditor.feeRate.remove')}
      minRows={0}
      maxRows={200}
      disabled={disabled}
    />
  );
}
