import { DatePicker, Form, Input, Select } from '@arco-design/web-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '../../../../contract/paging';
import { apiGet } from '../../../api/request';

/** The import's batch: its creditor, number and day of entrustment, each optional. */
export interface Placement {
  creditorId?: number;
  batchNo: string;
  entrustedOn?: string;
}

/** Batch numbers as the server takes them (contract/creditors.ts BATCH_NO_PATTERN, kept out of this chunk's zod). */
const BATCH_NO = /^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/;

export function placementError(p: Placement): string | null {
  return p.batchNo.trim() !== '' && !BATCH_NO.test(p.batchNo.trim()) ? 'caseImport.batchNoInvalid' : null;
}

interface CreditorOption {
  id: number;
  name: string;
}

/**
 * 委托方, 批次号, 委托日期 above the file: with a creditor, every row belongs to it (a 委托方 cell
 * must then name it); without one, each row's 委托方 names its creditor and the import makes one
 * batch per creditor. The creditors are searched on the server as the name is typed.
 */
export function ImportPlacement({ value, onChange }: { value: Placement; onChange: (p: Placement) => void }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<CreditorOption[]>([]);
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);

  const search = (keyword: string) => {
    const ask = ++asked.current;
    setLoading(true);
    apiGet<Paged<CreditorOption>>('/creditors', {
      params: { page: 1, pageSize: 50, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) },
    })
      .then(
        (page) => {
          if (ask === asked.current) setOptions(page.list.map((c) => ({ id: c.id, name: c.name })));
        },
        () => undefined,
      )
      .finally(() => {
        if (ask === asked.current) setLoading(false);
      });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page once, on opening
  useEffect(() => search(''), []);

  const error = placementError(value);
  return (
    <Form layout="inline" style={{ rowGap: 8 }}>
      <Form.Item label={t('caseImport.creditor')} extra={t('caseImport.creditorHint')}>
        <Select
          id="import-creditor"
          style={{ width: 260 }}
          placeholder={t('caseImport.creditorFromFile')}
          allowClear
          showSearch
          filterOption={false}
          loading={loading}
          value={value.creditorId}
          onSearch={search}
          onChange={(id?: number) => onChange({ ...value, creditorId: id ?? undefined })}
          options={options.map((c) => ({ label: c.name, value: c.id }))}
          notFoundContent={t('caseImport.noCreditor')}
        />
      </Form.Item>
      <Form.Item
        label={t('caseImport.batchNo')}
        validateStatus={error ? 'error' : undefined}
        help={error ? t(error) : undefined}
      >
        <Input
          name="batchNo"
          style={{ width: 200 }}
          maxLength={40}
          placeholder={t('caseImport.batchNoAuto')}
          value={value.batchNo}
          onChange={(batchNo) => onChange({ ...value, batchNo })}
        />
      </Form.Item>
      <Form.Item label={t('caseImport.entrustedOn')}>
        <DatePicker
          style={{ width: 160 }}
          placeholder={t('caseImport.entrustedOnToday')}
          value={value.entrustedOn}
          onChange={(day?: string) => onChange({ ...value, entrustedOn: day || undefined })}
        />
      </Form.Item>
    </Form>
  );
}
