import { Alert } from '@arco-design/web-react';

/** Arco's Alert in a chunk of its own: `on-demand.tsx` loads it. */
export default Alert;
