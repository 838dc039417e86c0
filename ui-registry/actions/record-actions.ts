/** The actions of record pages, loaded together (one chunk) with the first page that shows one. */
export { ApiAction } from './api';
export { BulkTransitionAction } from './bulk-transition';
export { ExportAction } from './export';
export { TransitionAction } from './transition';
