import { lazy, Suspense, useState } from 'react';
import type { ActionDescriptor } from '../../contract/pages/descriptor';
import { useRegistryEnv } from '../context';
import type { ActionProps } from '../registry';
import { ActionButton } from './action-button';

type OverlayAction = Extract<ActionDescriptor, { kind: 'drawer' | 'modal' }>;

// Drawer and Modal bring focus-lock and transitions: loaded on the first click, not with every page.
const OverlayPanel = lazy(() => import('./overlay-panel'));

/** Opens a child descriptor (validated with its parent) in a drawer or a modal. */
export function OverlayAction({ action, params, onDone }: ActionProps<OverlayAction>) {
  const { t } = useRegistryEnv();
  const [opened, setOpened] = useState(false);
  const [visible, setVisible] = useState(false);
  return (
    <>
      <ActionButton
        danger={action.danger}
        onClick={() => {
          setOpened(true);
          setVisible(true);
        }}
      >
        {t(action.label)}
      </ActionButton>
      {opened && (
        <Suspense fallback={null}>
          <OverlayPanel
            action={action}
            params={params}
            visible={visible}
            onClose={() => {
              setVisible(false);
              onDone?.();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
