import { useEffect, useState } from 'react';
import type { WidgetProps } from '../registry';
import { displayText } from './text';

type RegionModule = typeof import('../../contract/regions');

// The division table is about 40 kB gzip: fetched on the first region cell, then kept.
let loaded: RegionModule | null = null;
let loading: Promise<RegionModule> | null = null;

export function loadRegions(): Promise<RegionModule> {
  loading ??= import('../../contract/regions').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

function nameOf(module: RegionModule | null, code: string): string | null {
  return module && /^\d{6}$/.test(code) ? module.regionName(code) : null;
}

/** A GB/T 2260 code as its name (广东省 深圳市 南山区); the code itself until the table arrives or when unknown. */
export function RegionWidget({ value }: WidgetProps) {
  const code = displayText(value);
  const [name, setName] = useState(() => nameOf(loaded, code));
  useEffect(() => {
    let live = true;
    if (!loaded) {
      loadRegions().then(
        (module) => live && setName(nameOf(module, code)),
        () => undefined,
      );
    } else setName(nameOf(loaded, code));
    return () => {
      live = false;
    };
  }, [code]);
  return <span title={code}>{name ?? code}</span>;
}
