import { Form, InputNumber, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { yuanToFen } from '../../../../contract/case-intake';
import { CLAIM_PART_FIELDS, LEDGER_PARTS } from '../../../../contract/ledger';

/**
 * The claim as four parts typed in yuan (本金, 利息, 罚息, 费用); the amount claimed is their sum,
 * shown, never typed a second time. A server refusal at `amountFen` shows under the total.
 */
export function ClaimParts() {
  const { t } = useTranslation();
  const { form } = Form.useFormContext();
  const values = Form.useWatch(CLAIM_PART_FIELDS as unknown as string[], form) as
    | Record<string, number | undefined>
    | undefined;
  const total = claimFen(values ?? {}).amountFen;
  return (
    <>
      {LEDGER_PARTS.map((part, i) => (
        <Form.Item
          key={part}
          label={t('caseNew.partYuan', { part: t(`enum.ledgerPart.${part}`) })}
          field={CLAIM_PART_FIELDS[i]}
          rules={part === 'principal' ? [{ required: true, message: t('intake.required') }] : []}
          style={{ width: 193 }}
        >
          <InputNumber min={0} precision={2} step={100} style={{ width: '100%' }} />
        </Form.Item>
      ))}
      <Form.Item
        label={t('caseNew.amountYuan')}
        field="amountFen"
        style={{ width: 400 }}
        extra={t('ledger.partsHint')}
      >
        <Typography.Text data-testid="claim-total">{(total / 100).toFixed(2)}</Typography.Text>
      </Form.Item>
    </>
  );
}

/** The parts in fen and their sum, from the yuan typed (a blank part is 0). */
export function claimFen(values: Record<string, unknown>) {
  const parts = Object.fromEntries(
    CLAIM_PART_FIELDS.map((f) => [
      f,
      values[f] === undefined || values[f] === null ? 0 : (yuanToFen(values[f]) ?? 0),
    ]),
  ) as Record<(typeof CLAIM_PART_FIELDS)[number], number>;
  return { ...parts, amountFen: CLAIM_PART_FIELDS.reduce((sum, f) => sum + parts[f], 0) };
}
