import { CASE_FIELD_LABELS } from '../../contract/labels';

/** Case field names live in contract/labels.ts (the server's CSV export header uses them too). */
export default CASE_FIELD_LABELS['zh-CN'];
