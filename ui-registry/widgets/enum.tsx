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

/**
 * A value's label; a list of values (a case's allocation order) as their labels in its order,
 * what is not a value left out, as plain text does (`-` when nothing is left).
 */
export function EnumWidget({ column, value }: WidgetProps) {
  const { t } = useRegistryEnv();
  if (Array.isArray(value)) {
    const labels = value
      .map((item) => enumLabel(t, column.enum, item))
      .filter((label) => label.trim() !== '' && label !== '-');
    return <>{labels.length ? labels.join(t('common.listSeparator')) : '-'}</>;
  }
  return <>{enumLabel(t, column.enum, value)}</>;
}
