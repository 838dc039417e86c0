import { ENUM_LABELS } from '../../contract/labels';

/** Enum labels live in contract/labels.ts (the server's CSV export uses them too). */
export default ENUM_LABELS['zh-CN'];
