import { Button, Form, Space } from '@arco-design/web-react';
import { IconDown, IconRefresh, IconSearch, IconUp } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import type { FieldDescriptor } from '../../../contract/pages/descriptor';
import { useRegistryEnv } from '../../context';
import { FormFields, visibleFields } from '../../fields/FormFields';
import { isEmptyValue } from '../../fields/values';
import { getField } from '../../record';
import type { RouteParams } from '../../registry';

/** Filters shown before "more filters": one row on a wide screen. */
const FIRST_ROW = 3;

interface Props {
  fields: readonly FieldDescriptor[];
  /** The filters in force (from the query); the form follows them when they change. */
  values: Record<string, unknown>;
  params: RouteParams;
  onSearch: (values: Record<string, unknown>) => void;
}

/**
 * The table's filter form: applied on 查询 (or Enter), cleared on 重置. Beyond the first row
 * the filters fold away, unless one of them is in force (a shared link must show why the list
 * is short).
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

  // Back/forward or a shared link changed the filters: show them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `inForce` is `values` by value.
  useEffect(() => {
    form.clearFields();
    form.setFieldsValue(values);
  }, [form, inForce]);

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={values}
      onSubmit={(submitted: Record<string, unknown>) => onSearch(submitted)}
      aria-label={t('registry.table.filters')}
    >
      <FormFields
        fields={fields}
        columns={3}
        params={params}
        collapsedFrom={expanded ? undefined : FIRST_ROW}
      />
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        {foldable && (
          <Button
            type="text"
            icon={expanded ? <IconUp /> : <IconDown />}
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
    </Form>
  );
}
