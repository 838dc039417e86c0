import type { BuiltinPage as BuiltinDescriptor } from '../../contract/pages/descriptor';
import { useRegistry } from '../context';
import type { PageRendererProps } from '../registry';

/** A hand-written app page, registered by the app with `registerBuiltin(name, component)`. */
export function BuiltinPage({ page, params }: PageRendererProps<BuiltinDescriptor>) {
  const Page = useRegistry().resolve('builtin', page.component);
  return <Page page={page} params={params} />;
}
