import { Result } from '@arco-design/web-react';

/** Arco's Result in a chunk of its own: `on-demand.tsx` loads it. */
export default Result;
