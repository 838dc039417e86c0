import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { PageDescriptor } from '../../../contract/pages/descriptor';
import { PAGE_CATALOG } from '../../../server/pages/catalog';

/** What the tests of the product's case pages share (case-roles.test.tsx, case-bulk-actions.test.tsx, detail.test.tsx). */

// Arco's modal and select dropdown fade in (pointer-events: none) while the test clicks.
export const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

export const catalogPage = (id: string) => PAGE_CATALOG.get(id) as PageDescriptor;

/** Opens the select of a form item (found by its label) and picks an option by its text. */
export async function choose(scope: HTMLElement, label: string, option: string) {
  const item = within(scope).getByText(label).closest('.arco-form-item') as HTMLElement;
  const view = await waitFor(() => {
    const found = item.querySelector('.arco-select-view');
    if (!found) throw new Error(`no select under ${label} yet`);
    return found;
  });
  await user.click(view);
  await user.click(
    await screen.findByText(option, { selector: '.arco-select-option, .arco-select-option *' }),
  );
}
