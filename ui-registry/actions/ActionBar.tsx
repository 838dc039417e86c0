import { Space } from '@arco-design/web-react';
import { Suspense } from 'react';
import type { ActionDescriptor } from '../../contract/pages/descriptor';
import { canAccess, type Role } from '../../contract/roles';
import { useRegistry, useRegistryEnv } from '../context';
import { getField } from '../record';
import type { DataRecord, RouteParams, Selection } from '../registry';
import { type ActionLook, ActionLookContext } from './action-button';

/**
 * Whether an action shows for this role and record: its `roles`, its `when` condition, and for
 * a case status event the record's `allowedEvents` (the server's answer for this user). A
 * record without them leaves the decision to the transition action, which asks the case
 * status machine (loaded with it, not with every page).
 */
export function isActionVisible(action: ActionDescriptor, role: Role | null, record?: DataRecord): boolean {
  if (!canAccess(action.roles, role)) return false;
  if (action.when) {
    const value = getField(record, action.when.field);
    if (!action.when.in.some((allowed) => allowed === (value ?? null))) return false;
  }
  const allowed = getField(record, 'allowedEvents');
  return action.kind !== 'transition' || !Array.isArray(allowed) || allowed.includes(action.event);
}

interface ActionBarProps {
  actions: readonly ActionDescriptor[];
  record?: DataRecord;
  params: RouteParams;
  selection?: Selection;
  query?: Readonly<Record<string, string | string[]>>;
  onDone?: () => void;
  /** Buttons (default) or small text links (table rows). */
  look?: ActionLook;
}

/** The visible actions, each resolved by its kind in the registry. */
export function ActionBar({
  actions,
  record,
  params,
  selection,
  query,
  onDone,
  look = 'button',
}: ActionBarProps) {
  const registry = useRegistry();
  const { role } = useRegistryEnv();
  const visible = actions.filter((action) => isActionVisible(action, role, record));
  if (visible.length === 0) return null;
  return (
    <ActionLookContext.Provider value={look}>
      <Space wrap size={look === 'link' ? 4 : 8}>
        {visible.map((action) => {
          const Action = registry.resolve('action', action.kind);
          return (
            // An action registered lazily arrives on its own; the bar does not wait for it.
            <Suspense key={action.key} fallback={null}>
              <Action
                action={action}
                record={record}
                params={params}
                selection={selection}
                query={query}
                onDone={onDone}
              />
            </Suspense>
          );
        })}
      </Space>
    </ActionLookContext.Provider>
  );
}
