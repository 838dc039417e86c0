import { ExceptionResult } from './ExceptionResult';

/** /exception/500 */
export default function Exception500Page() {
  return <ExceptionResult status="500" />;
}
