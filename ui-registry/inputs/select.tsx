import { Select } from '@arco-design/web-react';
import { useRegistryEnv } from '../context';
import type { InputProps } from '../registry';
import { type LoadedOption, type OptionValue, useOptions } from './options';

/**
 * Option values may be numbers or booleans (ids, flags) while a URL brings them back as text:
 * Arco's Select sees every value as its text, and the form gets the option's own value back.
 */
function keyOf(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
}

function optionValueOf(options: readonly LoadedOption[], key: string): OptionValue {
  return options.find((option) => String(option.value) === key)?.value ?? key;
}

export function SelectInput({ field, value, onChange, disabled, params, id }: InputProps) {
  const { t } = useRegistryEnv();
  const input = field.input.kind === 'select' ? field.input : { kind: 'select' as const };
  const { options, loading, failed } = useOptions(input, params);
  const multiple = input.multiple === true;
  const selected = multiple
    ? (Array.isArray(value) ? value : []).map(keyOf).filter((key): key is string => key !== undefined)
    : keyOf(value);
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      value={selected}
      onChange={(next: string | string[] | undefined) => {
        if (Array.isArray(next))
          onChange(next.length ? next.map((key) => optionValueOf(options, key)) : undefined);
        else onChange(next === undefined ? undefined : optionValueOf(options, next));
      }}
      options={options.map((option) => ({ value: String(option.value), label: option.label }))}
      loading={loading}
      placeholder={field.placeholder ? t(field.placeholder) : t('registry.select.placeholder')}
      notFoundContent={failed ? t('registry.select.failed', { message: failed }) : undefined}
      disabled={disabled}
      allowClear
      showSearch
    />
  );
}
