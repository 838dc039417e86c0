import { ENUM_LABELS_ZH_CN } from '../../contract/labels-zh-CN';

/** Enum labels live in contract/labels-zh-CN.ts (the server's CSV export uses them too). */
export default ENUM_LABELS_ZH_CN;
