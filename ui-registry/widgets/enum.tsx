import { type EnumName, enumLabelKey } from '../../contract/pages/enums';
import { useRegistryEnv } from '../context';
import type { WidgetProps } from '../registry';
import { displayText } from './text';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The i18n label of an enum value (`enum.caseStatus.pending`); the raw value when none exists. */
export function enumLabel(t: Translate, name: EnumName | undefined, value: unknown): string {
  const text = displayText(value);
  if (!name || text === '-') return text;
  return t(enumLabelKey(name, text), { defaultValue: text });
}

export function EnumWidget({ column, value }: WidgetProps) {
  const { t } = useRegistryEnv();
  return <>{enumLabel(t, column.enum, value)}</>;
}
