import { ExceptionResult } from './ExceptionResult';

/** /exception/403 */
export default function Exception403Page() {
  return <ExceptionResult status="403" />;
}
