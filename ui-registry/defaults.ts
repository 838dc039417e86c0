import { lazy } from 'react';
import { NavigateAction } from './actions/navigate';
import { OverlayAction } from './actions/overlay';
import { registerInputs } from './inputs';
import { BuiltinPage } from './pages/BuiltinPage';
import { ChartBlock } from './pages/dashboard/ChartBlock';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { ListBlock } from './pages/dashboard/ListBlock';
import { RankingBlock } from './pages/dashboard/RankingBlock';
import { StatBlock } from './pages/dashboard/StatBlock';
import { UnsupportedPlaceholder } from './placeholder';
import { createRegistry, type Registry } from './registry';
import { registerWidgets } from './widgets';

/**
 * Everything the registry renders out of the box: every page type, block kind, widget, input
 * and action kind of contract/pages/descriptor.ts. Renderers that bring heavy Arco components
 * (Table, Form, Tabs, Result, pickers) are registered lazily, so a dashboard does not pay for them.
 */
export function registerDefaults(registry: Registry): void {
  registry.register('page', 'dashboard', DashboardPage);
  registry.register('page', 'builtin', BuiltinPage);
  // Arco's Result brings its 403/404/500 illustrations: a result page loads them when shown.
  registry.register(
    'page',
    'result',
    lazy(() => import('./pages/ResultPage').then((module) => ({ default: module.ResultPage }))),
  );
  registry.register(
    'page',
    'tabs',
    lazy(() => import('./pages/TabsPage').then((module) => ({ default: module.TabsPage }))),
  );
  registry.register(
    'page',
    'table',
    lazy(() => import('./pages/table/TablePage').then((module) => ({ default: module.TablePage }))),
  );
  registry.register(
    'page',
    'form',
    lazy(() => import('./pages/form/FormPage').then((module) => ({ default: module.FormPage }))),
  );
  registry.register(
    'page',
    'detail',
    lazy(() => import('./pages/detail/DetailPage').then((module) => ({ default: module.DetailPage }))),
  );

  registry.register('block', 'stat', StatBlock);
  registry.register('block', 'chart', ChartBlock);
  registry.register('block', 'ranking', RankingBlock);
  registry.register('block', 'list', ListBlock);

  registerWidgets(registry);
  registerInputs(registry);

  // Small buttons; what they open (a drawer) loads on the first click.
  registry.register('action', 'navigate', NavigateAction);
  registry.register('action', 'drawer', OverlayAction);
  registry.register('action', 'modal', OverlayAction);
  // Actions of record pages (tables, details), with the case status machine and the form
  // machinery: they arrive with the first page that shows one.
  const recordActions = () => import('./actions/record-actions');
  registry.register(
    'action',
    'api',
    lazy(() => recordActions().then((m) => ({ default: m.ApiAction }))),
  );
  registry.register(
    'action',
    'transition',
    lazy(() => recordActions().then((m) => ({ default: m.TransitionAction }))),
  );
  registry.register(
    'action',
    'export',
    lazy(() => recordActions().then((m) => ({ default: m.ExportAction }))),
  );
}

/** A registry with the defaults, for the app or for a test that wants its own. */
export function createDefaultRegistry(): Registry {
  const registry = createRegistry({ fallback: UnsupportedPlaceholder });
  registerDefaults(registry);
  return registry;
}

/** The app's registry: what RegistryProvider uses unless it is handed another. */
export const defaultRegistry = createDefaultRegistry();

/** Adds a renderer to the app's registry (a new widget, block or page type). */
export const register: typeof defaultRegistry.register = (kind, type, component) =>
  defaultRegistry.register(kind, type, component);

/** Adds a hand-written page of the app (src/ calls this at startup, once per page). */
export const registerBuiltin: typeof defaultRegistry.registerBuiltin = (name, component) =>
  defaultRegistry.registerBuiltin(name, component);
