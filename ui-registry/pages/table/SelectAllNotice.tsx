import { Link } from '@arco-design/web-react';
import { useRegistryEnv } from '../../context';

interface Props {
  /** Rows the filter matches. */
  total: number;
  /** Whether every one of them is selected, not only the page's. */
  all: boolean;
  onChange: (all: boolean) => void;
}

/**
 * Beside a fully ticked page of a list whose bulk actions run as jobs: 选择全部 N 条 selects
 * every row of the filter; once chosen, it says so and offers to go back to the page.
 */
export function SelectAllNotice({ total, all, onChange }: Props) {
  const { t } = useRegistryEnv();
  return all ? (
    <span data-testid="select-all">
      {t('bulkJobs.allSelected', { total })}{' '}
      <Link onClick={() => onChange(false)}>{t('bulkJobs.pageOnly')}</Link>
    </span>
  ) : (
    <Link data-testid="select-all" onClick={() => onChange(true)}>
      {t('bulkJobs.selectAll', { total })}
    </Link>
  );
}
