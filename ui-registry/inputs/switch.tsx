import { Switch } from '@arco-design/web-react';
import type { InputProps } from '../registry';

export function SwitchInput({ value, onChange, disabled, id }: InputProps) {
  return (
    <Switch
      id={id}
      checked={value === true || value === 'true'}
      onChange={(on) => onChange(on)}
      disabled={disabled}
    />
  );
}
