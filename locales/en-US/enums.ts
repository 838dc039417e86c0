import { ENUM_LABELS_EN_US } from '../../contract/labels-en-US';

/** Enum labels live in contract/labels-en-US.ts (the server's CSV export uses them too). */
export default ENUM_LABELS_EN_US;
