/** The light inputs (text, number, select, switch), loaded together as one chunk. */
export { MoneyRangeInput, NumberInput } from './number';
export { SelectInput } from './select';
export { SwitchInput } from './switch';
export { PasswordInput, TextareaInput, TextInput } from './text';
