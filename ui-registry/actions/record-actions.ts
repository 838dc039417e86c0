/** The actions of record pages, loaded together (one chunk) with the first page that shows one. */
export { ApiAction } from './api';
export { BulkRouteAction } from './bulk-route';
export { BulkTransitionAction } from './bulk-transition';
export { ExportAction } from './export';
export { TransitionAction } from './transition';
