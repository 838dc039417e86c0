import { Cascader } from '@arco-design/web-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

type RegionsModule = typeof import('../../contract/regions');

interface RegionCascaderProps {
  id?: string;
  /** A city's six-digit GB/T 2260 code. */
  value?: string;
  onChange?: (code: string | undefined) => void;
  status?: 'error' | 'warning';
}

/**
 * Province > city picker whose value is the city's code. The division data is about 40 kB
 * gzip, so it loads only when a form with this picker opens.
 */
export function RegionCascader({ id, value, onChange, status }: RegionCascaderProps) {
  const { t } = useTranslation();
  const [regions, setRegions] = useState<RegionsModule | null>(null);

  useEffect(() => {
    let live = true;
    void import('../../contract/regions').then((mod) => {
      if (live) setRegions(mod);
    });
    return () => {
      live = false;
    };
  }, []);

  const options = useMemo(() => regions?.regionTree(2) ?? [], [regions]);
  // Arco shows the placeholder only for an undefined value, not for an empty path.
  const path = value && regions ? [regions.provinceCodeOf(value), value] : undefined;

  return (
    <Cascader
      id={id}
      options={options}
      loading={!regions}
      value={path}
      status={status}
      showSearch
      allowClear
      expandTrigger="hover"
      placeholder={t(regions ? 'register.field.region.placeholder' : 'register.field.region.loading')}
      onChange={(next) => onChange?.((next as string[] | undefined)?.at(-1))}
    />
  );
}
