import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ColumnDescriptor, FieldDescriptor, TablePage } from '../../../contract/pages/descriptor';
import { ENUMS, enumLabelKey } from '../../../contract/pages/enums';
import { accountVerification, followUp, orderManage } from '../../../server/pages/catalog/firm-reviews';
import { renderValue } from '../../../ui-registry/widgets/render-value';
import { renderWithRegistry, testEnvironment, translator } from './environment';

/**
 * The firm and lawyer review lists show and filter where each stands: 已暂停 (suspended) beside
 * the review statuses, in the status column and among the review-status filter's options.
 */

const LISTS: TablePage[] = [orderManage, accountVerification, followUp];
const statusColumn = (page: TablePage): ColumnDescriptor => {
  const found = page.columns.find((c) => c.title === 'firm.reviewStatus');
  if (!found) throw new Error(`${page.id} has no review status column`);
  return found;
};
const statusFilter = (page: TablePage): FieldDescriptor => {
  const found = page.filters.find((f) => f.name === 'reviewStatus');
  if (!found) throw new Error(`${page.id} has no review status filter`);
  return found;
};

describe.each(LISTS.map((page) => [page.id, page] as const))('%s', (_id, page) => {
  it('shows a suspended record as 已暂停 in gray, and one that passed as 已通过', () => {
    const column = statusColumn(page);
    renderWithRegistry(
      <div>
        <span data-testid="suspended">
          {renderValue(column, { standing: 'suspended', reviewStatus: 'passed' })}
        </span>
        <span data-testid="passed">
          {renderValue(column, { standing: 'passed', reviewStatus: 'passed' })}
        </span>
      </div>,
      { env: testEnvironment() },
    );
    expect(screen.getByTestId('suspended')).toHaveTextContent('已暂停');
    expect(screen.getByText('已暂停').closest('.arco-tag')).toHaveClass('arco-tag-gray');
    expect(screen.getByTestId('passed')).toHaveTextContent('已通过');
  });

  it('reads Suspended in en-US', () => {
    renderWithRegistry(
      <span data-testid="cell">{renderValue(statusColumn(page), { standing: 'suspended' })}</span>,
      {
        env: testEnvironment({ locale: 'en-US', t: translator('en-US') }),
      },
    );
    expect(screen.getByTestId('cell')).toHaveTextContent('Suspended');
  });

  it('offers 已暂停 among the review-status filter options', () => {
    const input = statusFilter(page).input;
    if (input.kind !== 'select' || !input.enum) throw new Error('the filter is not an enum select');
    const t = translator('zh-CN');
    expect(ENUMS[input.enum].map((value) => t(enumLabelKey(input.enum as 'standing', value)))).toEqual([
      '审核中',
      '已通过',
      '已驳回',
      '已暂停',
    ]);
  });
});
