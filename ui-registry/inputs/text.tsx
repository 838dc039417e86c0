import { Input } from '@arco-design/web-react';
import { useRegistryEnv } from '../context';
import type { InputProps } from '../registry';

/** Text of a value for a text box: strings and numbers as they are, anything else empty. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function usePlaceholder(field: InputProps['field']): string | undefined {
  const { t } = useRegistryEnv();
  return field.placeholder ? t(field.placeholder) : undefined;
}

export function TextInput({ field, value, onChange, disabled, id }: InputProps) {
  const placeholder = usePlaceholder(field);
  const maxLength = field.input.kind === 'input' ? field.input.maxLength : undefined;
  return (
    <Input
      id={id}
      value={textOf(value)}
      onChange={(text) => onChange(text)}
      maxLength={maxLength}
      placeholder={placeholder}
      disabled={disabled}
      allowClear
    />
  );
}

export function PasswordInput({ field, value, onChange, disabled, id }: InputProps) {
  const placeholder = usePlaceholder(field);
  return (
    <Input.Password
      id={id}
      value={textOf(value)}
      onChange={(text) => onChange(text)}
      placeholder={placeholder}
      disabled={disabled}
      autoComplete="new-password"
    />
  );
}

/** A long text with its length counted against the limit as the user types. */
export function TextareaInput({ field, value, onChange, disabled, id }: InputProps) {
  const placeholder = usePlaceholder(field);
  const maxLength = field.input.kind === 'textarea' ? field.input.maxLength : undefined;
  return (
    <Input.TextArea
      id={id}
      value={textOf(value)}
      onChange={(text) => onChange(text)}
      maxLength={maxLength}
      showWordLimit={maxLength !== undefined}
      placeholder={placeholder}
      disabled={disabled}
      autoSize={{ minRows: 3, maxRows: 8 }}
    />
  );
}
