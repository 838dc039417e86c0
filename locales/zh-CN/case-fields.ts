import { CASE_FIELD_LABELS_ZH_CN } from '../../contract/labels-zh-CN';

/** Case field names live in contract/labels-zh-CN.ts (the server's CSV export header uses them too). */
export default CASE_FIELD_LABELS_ZH_CN;
