import { type ComponentType, createElement } from 'react';
import type {
  ActionDescriptor,
  BuiltinPage,
  ColumnDescriptor,
  DashboardBlock,
  FieldDescriptor,
  PageDescriptor,
} from '../contract/pages/descriptor';

/**
 * The one door between descriptors and React (after amis's renderer factory): renderers
 * register by kind and type, a duplicate throws, lookups are cached, and an unknown type
 * resolves to one injectable fallback instead of a blank screen.
 */
export type RegistryKind = 'page' | 'block' | 'widget' | 'input' | 'action' | 'builtin';

/** Route parameters (`:id` of /list/case-detail/:id), as the router hands them over. */
export type RouteParams = Readonly<Record<string, string | undefined>>;
/** A record from the API: a row, a detail answer, a dashboard answer. */
export type DataRecord = Readonly<Record<string, unknown>>;

export type PageType = PageDescriptor['type'];

export interface PageRendererProps<P extends PageDescriptor = PageDescriptor> {
  page: P;
  params: RouteParams;
}

export interface BlockRendererProps<B extends DashboardBlock = DashboardBlock> {
  block: B;
  /** The whole answer of the page's source; each block reads its own `field`. */
  data: unknown;
  params: RouteParams;
}

export interface WidgetProps {
  column: ColumnDescriptor;
  /** Never null or undefined: those show '-' before a widget is asked. */
  value: unknown;
  record: DataRecord;
}

export interface InputProps {
  field: FieldDescriptor;
  /** Undefined until the user or the record gives one. */
  value: unknown;
  onChange: (value: unknown) => void;
  disabled?: boolean;
  /** The control's element id, so the form item's label points at it. */
  id?: string;
  /** The route's parameters, for option lists whose path names one. */
  params?: RouteParams;
}

/** The rows a user ticked in a table: their keys (the table's `rowKey`) and the rows themselves. */
export interface Selection {
  keys: ReadonlyArray<string | number>;
  rows: readonly DataRecord[];
  /** Every row the table's filter matches is selected, not only the ticked page (选择全部 N 条). */
  all?: { total: number };
}

export interface ActionProps<A extends ActionDescriptor = ActionDescriptor> {
  action: A;
  /** The row or detail record the action works on, if any. */
  record?: DataRecord;
  params: RouteParams;
  /** A table's ticked rows (bulk actions). */
  selection?: Selection;
  /** A table's current filter and sort as request params (toolbar and bulk actions: export). */
  query?: Readonly<Record<string, string | string[]>>;
  /** Called after the action changed something (the caller reloads its data). */
  onDone?: () => void;
}

export interface BuiltinProps {
  page: BuiltinPage;
  params: RouteParams;
}

/** What the fallback is told: which kind of renderer was missing, under which type. */
export interface FallbackProps {
  kind: RegistryKind;
  type: string;
}

type PropsOf<K extends RegistryKind, T extends string> = K extends 'page'
  ? PageRendererProps<T extends PageType ? Extract<PageDescriptor, { type: T }> : PageDescriptor>
  : K extends 'block'
    ? BlockRendererProps<
        T extends DashboardBlock['kind'] ? Extract<DashboardBlock, { kind: T }> : DashboardBlock
      >
    : K extends 'widget'
      ? WidgetProps
      : K extends 'input'
        ? InputProps
        : K extends 'action'
          ? ActionProps<
              T extends ActionDescriptor['kind'] ? Extract<ActionDescriptor, { kind: T }> : ActionDescriptor
            >
          : BuiltinProps;

/** The props a looked-up renderer takes: the general shape of its kind. */
export type RendererProps<K extends RegistryKind> = PropsOf<K, string>;

/**
 * One renderer for each of the types `T` of a kind. The defaults' maps are checked against it
 * with `satisfies`, with `T` read from the descriptor schema's types: a type added to the schema
 * without a renderer (or a renderer for a type it no longer has) fails the typecheck.
 */
export type RenderersFor<K extends RegistryKind, T extends string> = {
  readonly [Type in T]: ComponentType<PropsOf<K, Type>>;
};

export interface Registry {
  /** Adds a renderer; a second one under the same kind and type throws. */
  register<K extends RegistryKind, T extends string>(
    kind: K,
    type: T,
    component: ComponentType<PropsOf<K, T>>,
  ): void;
  /** A hand-written app page, named by `{ type: 'builtin', component }` descriptors. */
  registerBuiltin(name: string, component: ComponentType<BuiltinProps>): void;
  /** The renderer for kind and type, or the fallback bound to them (stable per type). */
  resolve<K extends RegistryKind>(kind: K, type: string): ComponentType<RendererProps<K>>;
  has(kind: RegistryKind, type: string): boolean;
  types(kind: RegistryKind): string[];
  setFallback(component: ComponentType<FallbackProps>): void;
}

export class DuplicateRendererError extends Error {
  constructor(kind: RegistryKind, type: string) {
    super(`A ${kind} renderer named "${type}" is already registered`);
    this.name = 'DuplicateRendererError';
  }
}

export function createRegistry(options: { fallback: ComponentType<FallbackProps> }): Registry {
  const renderers = new Map<string, ComponentType<never>>();
  // Resolved components, fallbacks included: a missing type gets one bound component (so React
  // keeps its identity between renders) and one warning, not one per render.
  const resolved = new Map<string, ComponentType<never>>();
  let fallback = options.fallback;
  const keyOf = (kind: RegistryKind, type: string) => `${kind}:${type}`;

  const registry: Registry = {
    register(kind, type, component) {
      const key = keyOf(kind, type);
      if (renderers.has(key)) throw new DuplicateRendererError(kind, type);
      renderers.set(key, component as ComponentType<never>);
      resolved.delete(key);
    },
    registerBuiltin(name, component) {
      registry.register('builtin', name, component);
    },
    resolve<K extends RegistryKind>(kind: K, type: string) {
      const key = keyOf(kind, type);
      let component = resolved.get(key);
      if (!component) {
        component = renderers.get(key) ?? bindFallback(fallback, kind, type);
        resolved.set(key, component);
      }
      return component as unknown as ComponentType<RendererProps<K>>;
    },
    has(kind, type) {
      return renderers.has(keyOf(kind, type));
    },
    types(kind) {
      const prefix = `${kind}:`;
      return [...renderers.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
    },
    setFallback(component) {
      fallback = component;
      for (const key of [...resolved.keys()]) if (!renderers.has(key)) resolved.delete(key);
    },
  };
  return registry;
}

/** Registers each renderer of a map under its type. */
export function registerEach<K extends RegistryKind, T extends string>(
  registry: Registry,
  kind: K,
  renderers: RenderersFor<K, T>,
): void {
  for (const type of Object.keys(renderers) as T[]) registry.register(kind, type, renderers[type]);
}

function bindFallback(
  Fallback: ComponentType<FallbackProps>,
  kind: RegistryKind,
  type: string,
): ComponentType<never> {
  console.warn(`[ui-registry] no ${kind} renderer for "${type}": showing the placeholder`);
  const Bound = () => createElement(Fallback, { kind, type });
  Bound.displayName = `Unsupported(${kind}:${type})`;
  return Bound;
}
