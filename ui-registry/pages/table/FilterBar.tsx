import { Button, Form, Space } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { useEffect } from 'react';
import type { FieldDescriptor } from '../../../contract/pages/descriptor';
import { useRegistryEnv } from '../../context';
import { FormFields } from '../../fields/FormFields';
import type { RouteParams } from '../../registry';

interface Props {
  fields: readonly FieldDescriptor[];
  /** The filters in force (from the query); the form follows them when they change. */
  values: Record<string, unknown>;
  params: RouteParams;
  onSearch: (values: Record<string, unknown>) => void;
}

/** The table's filter form: applied on 查询 (or Enter), cleared on 重置. */
export function FilterBar({ fields, values, params, onSearch }: Props) {
  const { t } = useRegistryEnv();
  const [form] = Form.useForm();
  const inForce = JSON.stringify(values);

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
      <FormFields fields={fields} columns={3} params={params} />
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
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
