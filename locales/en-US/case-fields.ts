import { CASE_FIELD_LABELS_EN_US } from '../../contract/labels-en-US';

/** Case field names live in contract/labels-en-US.ts (the server's CSV export header uses them too). */
export default CASE_FIELD_LABELS_EN_US;
