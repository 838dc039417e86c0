import { lazy } from 'react';
import type { ActionDescriptor, DashboardBlock, PageDescriptor } from '../contract/pages/descriptor';
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
import { createRegistry, type Registry, type RenderersFor, registerEach } from './registry';
import { registerWidgets } from './widgets';

// Renderers that bring heavy Arco components (Table, Form, Tabs, Result, pickers) load lazily,
// so a dashboard does not pay for them.
const PAGES = {
  dashboard: DashboardPage,
  builtin: BuiltinPage,
  // Arco's Result brings its 403/404/500 illustrations: a result page loads them when shown.
  result: lazy(() => import('./pages/ResultPage').then((module) => ({ default: module.ResultPage }))),
  tabs: lazy(() => import('./pages/TabsPage').then((module) => ({ default: module.TabsPage }))),
  table: lazy(() => import('./pages/table/TablePage').then((module) => ({ default: module.TablePage }))),
  form: lazy(() => import('./pages/form/FormPage').then((module) => ({ default: module.FormPage }))),
  detail: lazy(() => import('./pages/detail/DetailPage').then((module) => ({ default: module.DetailPage }))),
} satisfies RenderersFor<'page', PageDescriptor['type']>;

const BLOCKS = {
  stat: StatBlock,
  chart: ChartBlock,
  ranking: RankingBlock,
  list: ListBlock,
} satisfies RenderersFor<'block', DashboardBlock['kind']>;

// Actions of record pages (tables, details), with the case status machine and the form
// machinery, arrive with the first page that shows one; the small buttons (navigate, and what
// opens a drawer, which loads on the first click) come at once.
const recordActions = () => import('./actions/record-actions');
const ACTIONS = {
  navigate: NavigateAction,
  drawer: OverlayAction,
  modal: OverlayAction,
  api: lazy(() => recordActions().then((m) => ({ default: m.ApiAction }))),
  transition: lazy(() => recordActions().then((m) => ({ default: m.TransitionAction }))),
  bulkTransition: lazy(() => recordActions().then((m) => ({ default: m.BulkTransitionAction }))),
  bulkRoute: lazy(() => recordActions().then((m) => ({ default: m.BulkRouteAction }))),
  export: lazy(() => recordActions().then((m) => ({ default: m.ExportAction }))),
} satisfies RenderersFor<'action', ActionDescriptor['kind']>;

/**
 * Everything the registry renders out of the box: every page type, block kind, widget, input
 * and action kind of contract/pages/descriptor.ts. Each map is checked against the schema's own
 * types (`RenderersFor`), and tests/components/ui-registry/registry.test.tsx checks the
 * registry against the schema's values at run time.
 */
export function registerDefaults(registry: Registry): void {
  registerEach(registry, 'page', PAGES);
  registerEach(registry, 'block', BLOCKS);
  registerWidgets(registry);
  registerInputs(registry);
  registerEach(registry, 'action', ACTIONS);
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
