import { Typography } from '@arco-design/web-react';

/**
 * Arco's Typography.Text in a chunk of its own: `on-demand.tsx` loads it. Typography carries
 * its editing (Input), copying and ellipsis code whatever a text uses (about 10 kB gzip).
 */
export default Typography.Text;
