import { Suspense } from 'react';
import { useRegistry } from '../context';
import type { InputProps } from '../registry';

/**
 * The input a field names (`field.input.kind`), looked up in the registry. Inputs are
 * registered lazily (a date picker is not loaded for a form of text boxes), so each waits
 * in its own Suspense. Form.Item hands `value` and `onChange` to this component.
 */
export function FieldInput(props: InputProps) {
  const Input = useRegistry().resolve('input', props.field.input.kind);
  return (
    <Suspense fallback={<span data-testid="input-loading" />}>
      <Input {...props} />
    </Suspense>
  );
}
