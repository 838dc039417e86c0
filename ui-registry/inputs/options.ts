import { useEffect, useMemo, useState } from 'react';
import type { FieldDescriptor } from '../../contract/pages/descriptor';
import { ENUMS, enumLabelKey } from '../../contract/pages/enums';
import { useEnvRef, useRegistryEnv } from '../context';
import { fillTemplate, getField, getList } from '../record';
import type { RouteParams } from '../registry';
import { displayText } from '../widgets/text';

export type OptionValue = string | number | boolean;
export interface LoadedOption {
  value: OptionValue;
  label: string;
}
export interface Options {
  options: LoadedOption[];
  loading: boolean;
  /** The message when the options could not be loaded. */
  failed: string | null;
}

type SelectInput = Extract<FieldDescriptor['input'], { kind: 'select' }>;

const isOptionValue = (value: unknown): value is OptionValue =>
  typeof value === 'string' ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  typeof value === 'boolean';

/**
 * A select's options: its static list (labels are i18n keys), a named enum (labels
 * `enum.<name>.<value>`), or a GET answering `{ list }`, read with the `value` and `label`
 * fields it names. Loaded once per path.
 */
export function useOptions(input: SelectInput, params: RouteParams | undefined): Options {
  const { t, role } = useRegistryEnv();
  const env = useEnvRef();
  const path = input.optionsFrom ? fillTemplate(input.optionsFrom.path, (name) => params?.[name]) : null;
  const [remote, setRemote] = useState<Options>({ options: [], loading: path !== null, failed: null });
  const valueField = input.optionsFrom?.value;
  const labelField = input.optionsFrom?.label;

  // biome-ignore lint/correctness/useExhaustiveDependencies: another role may be offered other options.
  useEffect(() => {
    if (path === null || !valueField || !labelField) return;
    const controller = new AbortController();
    setRemote({ options: [], loading: true, failed: null });
    env.current.request('GET', path, { signal: controller.signal, silent: true }).then(
      (data) => {
        if (controller.signal.aborted) return;
        const options = getList(data, 'list').flatMap((item) => {
          const value = getField(item, valueField);
          return isOptionValue(value) ? [{ value, label: displayText(getField(item, labelField)) }] : [];
        });
        setRemote({ options, loading: false, failed: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setRemote({
          options: [],
          loading: false,
          failed: error instanceof Error ? error.message : String(error),
        });
      },
    );
    return () => controller.abort();
  }, [env, path, valueField, labelField, role]);

  const local = useMemo<LoadedOption[]>(() => {
    if (input.options)
      return input.options.map((option) => ({ value: option.value, label: t(option.label) }));
    if (input.enum) {
      const name = input.enum;
      return ENUMS[name].map((value) => ({
        value,
        label: t(enumLabelKey(name, value), { defaultValue: value }),
      }));
    }
    return [];
  }, [input.options, input.enum, t]);

  if (input.optionsFrom) return remote;
  return { options: local, loading: false, failed: null };
}
