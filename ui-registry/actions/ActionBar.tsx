import { Button, Dropdown, Space } from '@arco-design/web-react';
import { IconDown } from '@arco-design/web-react/icon';
import { cloneElement, Suspense, useEffect, useState } from 'react';
import { can } from '../../contract/access';
import type { ActionDescriptor } from '../../contract/pages/descriptor';
import type { Role } from '../../contract/roles';
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
  if (!can(action.access, role)) return false;
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

/**
 * A table row shows at most this many links; with more, the first `INLINE_ROW_ACTIONS - 1`
 * stay and the rest go under "更多" (Arco Pro's row shape: a row of nine links is unreadable,
 * and a hundred rows of them are slow to draw).
 */
export const INLINE_ROW_ACTIONS = 3;

/** The folded actions' panel, drawn like an Arco dropdown menu with Arco's own variables. */
const MORE_MENU_STYLE = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  padding: 4,
  background: 'var(--color-bg-popup)',
  border: '1px solid var(--color-fill-3)',
  borderRadius: 'var(--border-radius-medium)',
  boxShadow: '0 4px 10px rgb(0 0 0 / 10%)',
} as const;

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
  const { role, t } = useRegistryEnv();
  // Mounted on first open and kept: an action in the menu may hold a dialog open after the menu closes.
  const [moreOpened, setMoreOpened] = useState(false);
  const [moreVisible, setMoreVisible] = useState(false);
  // Arco's Trigger draws no popup when it is created open: it is made closed, then opened.
  useEffect(() => {
    if (moreOpened) setMoreVisible(true);
  }, [moreOpened]);
  const visible = actions.filter((action) => isActionVisible(action, role, record));
  if (visible.length === 0) return null;
  const overflow = look === 'link' && visible.length > INLINE_ROW_ACTIONS;
  const inline = overflow ? visible.slice(0, INLINE_ROW_ACTIONS - 1) : visible;
  const folded = overflow ? visible.slice(INLINE_ROW_ACTIONS - 1) : [];
  const moreButton = (
    <Button type="text" size="small" aria-haspopup="menu" aria-expanded={moreVisible}>
      {t('common.more')}
      <IconDown />
    </Button>
  );
  const element = (action: ActionDescriptor) => {
    const Action = registry.resolve('action', action.kind);
    return (
      <Action
        key={action.key}
        action={action}
        record={record}
        params={params}
        selection={selection}
        query={query}
        onDone={onDone}
      />
    );
  };
  // A folded action mounts on the first click of 更多, alone in its menu: it may load on its own.
  const foldedElement = (action: ActionDescriptor) => (
    <Suspense key={action.key} fallback={null}>
      {element(action)}
    </Suspense>
  );
  return (
    <ActionLookContext.Provider value={look}>
      {/*
       * The bar's buttons appear together: one boundary around them all, so an action kind
       * still loading (api, transition... arrive with their chunk) holds back the others
       * instead of showing up later and moving them under the pointer.
       */}
      <Suspense fallback={null}>
        <Space wrap size={look === 'link' ? 4 : 8}>
          {inline.map(element)}
          {folded.length > 0 &&
            (moreOpened ? (
              <Dropdown
                trigger="click"
                position="br"
                popupVisible={moreVisible}
                onVisibleChange={setMoreVisible}
                unmountOnExit={false}
                droplist={
                  // A click on any action closes the menu; its dialog (if any) lives on.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside take the keys
                  <div style={MORE_MENU_STYLE} role="menu" onClick={() => setMoreVisible(false)}>
                    {folded.map(foldedElement)}
                  </div>
                }
              >
                {moreButton}
              </Dropdown>
            ) : (
              // A hundred rows draw a hundred of these: the dropdown is made on the first click.
              cloneElement(moreButton, {
                onClick: () => setMoreOpened(true),
              })
            ))}
        </Space>
      </Suspense>
    </ActionLookContext.Provider>
  );
}
