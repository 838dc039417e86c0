import { Button, Form, Space } from '@arco-design/web-react';
import { IconDown, IconRefresh, IconSearch, IconUp } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import type { FieldDescriptor } from '../../../contract/pages/descriptor';
import { useRegistryEnv } from '../../context';
import { FormFields, visibleFields } from '../../fields/FormFields';
import { isEmptyValue } from '../../fields/values';
import { getField } from '../../record';
import type { RouteParams } from '../../registry';
import { textWidth } from './column-widths';

/** Filters shown before 展开: one row, beside the buttons, on a wide screen. */
export const FIRST_ROW = 3;

/** The label column: Arco's right padding (16 px) past the longest label, within bounds. */
const LABEL_PADDING = 16;
const LABEL_MIN = 56;
/** Five Chinese characters; a longer (English) label takes two lines rather than its input's room. */
const LABEL_MAX = 112;

/** One label width for every filter, so the inputs line up from row to row in either language. */
export function filterLabelWidth(labels: readonly string[]): number {
  const longest = Math.max(0, ...labels.map(textWidth));
  return Math.min(LABEL_MAX, Math.max(LABEL_MIN, longest + LABEL_PADDING));
}

interface Props {
  fields: readonly FieldDescriptor[];
  /** The filters in force (from the query); the form follows them when they change. */
  values: Record<string, unknown>;
  params: RouteParams;
  onSearch: (values: Record<string, unknown>) => void;
}

/**
 * The table's filter form, as Arco Pro's lists have it: labels beside their inputs, the first
 * row of filters with 展开 / 重置 / 查询 at its right, the others folded away under 展开 unless
 * one of them is in force (a shared link must show why the list is short). Applied on 查询 (or
 * Enter), cleared on 重置.
 */
export function FilterBar({ fields, values, params, onSearch }: Props) {
  const { t, role } = useRegistryEnv();
  const [form] = Form.useForm();
  const inForce = JSON.stringify(values);
  const shown = visibleFields(fields, role);
  const foldable = shown.length > FIRST_ROW;
  const [expanded, setExpanded] = useState(() =>
    shown.slice(FIRST_ROW).some((field) => !isEmptyValue(getField(values, field.name))),
  );
  const labelWidth = filterLabelWidth(shown.map((field) => t(field.label)));

  // Back/forward or a shared link changed the filters: show them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `inForce` is `values` by value.
  useEffect(() => {
    form.clearFields();
    form.setFieldsValue(values);
  }, [form, inForce]);

  return (
    <Form
      form={form}
      layout="horizontal"
      className="table-filters"
      labelCol={{ flex: `${labelWidth}px` }}
      wrapperCol={{ flex: 1, style: { minWidth: 0 } }}
      initialValues={values}
      onSubmit={(submitted: Record<string, unknown>) => onSearch(submitted)}
      aria-label={t('registry.table.filters')}
    >
      <div className="table-filters-row">
        <div className="table-filters-fields">
          <FormFields
            fields={fields}
            columns={3}
            params={params}
            collapsedFrom={expanded ? undefined : FIRST_ROW}
          />
        </div>
        <Space className="table-filters-buttons">
          {foldable && (
            <Button
              type="text"
              icon={expanded ? <IconUp /> : <IconDown />}
              aria-expanded={expanded}
              onClick={() => setExpanded(!expanded)}
            >
              {t(expanded ? 'registry.table.fewerFilters' : 'registry.table.moreFilters')}
            </Button>
          )}
          <Button
            icon={<IconRefresh />}
            onClick={() => {
              form.clearFields();
              onSearch({});
            }}
          >
            {t('common.reset')}
          </Button>
          <Button type="primary" htmlType="submit" icon={<IconSearch />}>
            {t('common.search')}
          </Button>
        </Space>
      </div>
    </Form>
  );
}
