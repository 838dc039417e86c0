import { Cascader } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import type { RegionOption } from '../../contract/regions';
import { useRegistryEnv } from '../context';
import type { InputProps } from '../registry';
import { loadRegions } from '../widgets/region';

const trees = new Map<number, RegionOption[]>();

/**
 * The cascader path of a GB/T 2260 code: 440305 -> [440000, 440300, 440305]. (The same
 * arithmetic as contract/regions.ts, without loading its table.)
 */
export function regionPath(code: unknown): string[] | undefined {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return undefined;
  const province = `${code.slice(0, 2)}0000`;
  const city = `${code.slice(0, 4)}00`;
  if (code === province) return [code];
  if (code === city) return [province, code];
  return [province, city, code];
}

/**
 * A province, city or county (down to the field's `depth`), kept as its six-digit code. Any
 * level may be chosen: a province filter matches everything below it. The division table
 * arrives with the first region input or cell.
 */
export function RegionInput({ field, value, onChange, disabled, id }: InputProps) {
  const { t } = useRegistryEnv();
  const depth = field.input.kind === 'region' ? field.input.depth : 2;
  const [options, setOptions] = useState<RegionOption[] | null>(() => trees.get(depth) ?? null);
  useEffect(() => {
    let live = true;
    if (!trees.has(depth)) {
      loadRegions().then(
        (regions) => {
          const tree = regions.regionTree(depth);
          trees.set(depth, tree);
          if (live) setOptions(tree);
        },
        () => undefined,
      );
    } else setOptions(trees.get(depth) ?? null);
    return () => {
      live = false;
    };
  }, [depth]);
  return (
    <Cascader
      id={id}
      options={options ?? []}
      loading={options === null}
      value={regionPath(value)?.slice(0, depth)}
      onChange={(path) => {
        const list = Array.isArray(path) ? path : [];
        const last = list[list.length - 1];
        onChange(typeof last === 'string' ? last : undefined);
      }}
      changeOnSelect
      showSearch
      allowClear
      placeholder={field.placeholder ? t(field.placeholder) : t('registry.select.placeholder')}
      disabled={disabled}
    />
  );
}
