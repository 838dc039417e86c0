/** The public face of ui-registry: what src/ imports. */
export { createDefaultRegistry, defaultRegistry, register, registerBuiltin } from './defaults';
export {
  type DownloadOptions,
  type HttpMethod,
  type NoticeKind,
  type RegistryEnvironment,
  type RegistryLocale,
  RegistryProvider,
  type RegistryUser,
  type RequestOptions,
  useRegistry,
  useRegistryEnv,
} from './environment';
export { ALLOWLISTED_ICONS, AllowlistedIcon } from './icons';
export { LoadFailed, type LoadFailedProps } from './load-failed';
export { Result } from './on-demand';
export { DescriptorView, PageHost } from './PageHost';
export { isAppPath } from './record';
export { RecordNameContext } from './record-name';
export {
  type ActionProps,
  type BlockRendererProps,
  type BuiltinProps,
  createRegistry,
  type DataRecord,
  DuplicateRendererError,
  type FallbackProps,
  type InputProps,
  type PageRendererProps,
  type Registry,
  type RegistryKind,
  type RouteParams,
  type Selection,
  type WidgetProps,
} from './registry';
export { checkDescriptor, type DescriptorCheck } from './validation';
export { renderValue } from './widgets/render-value';
