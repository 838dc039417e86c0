import { useSelector } from '@xstate/react';
import { waitFor } from 'xstate';
import type { MenuNode } from '../../contract/menu';
import { menuActor } from './actors';

export interface MenuView {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  tree: MenuNode[];
  source: 'server' | 'static' | null;
  error: string | null;
}

type MenuSnapshot = ReturnType<typeof menuActor.getSnapshot>;

function toView(snapshot: MenuSnapshot): MenuView {
  const status = snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('ready')
      ? 'ready'
      : snapshot.matches('failed')
        ? 'failed'
        : 'idle';
  return {
    status,
    tree: snapshot.context.menu,
    source: snapshot.context.source,
    error: snapshot.context.error,
  };
}

const sameView = (a: MenuView, b: MenuView) =>
  a.status === b.status && a.tree === b.tree && a.error === b.error;

export function useMenu(): MenuView & { retry: () => void } {
  return { ...useSelector(menuActor, toView, sameView), retry: retryMenu };
}

export function retryMenu(): void {
  menuActor.send({ type: 'RETRY' });
}

/** The role's menu once it has settled; null when it failed to load. */
export async function settledMenu(): Promise<MenuNode[] | null> {
  const done = await waitFor(
    menuActor,
    (s) => s.matches('ready') || s.matches('failed') || s.matches('idle'),
  );
  return done.matches('ready') ? done.context.menu : null;
}
