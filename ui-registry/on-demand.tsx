import type { AlertProps, ResultProps, TypographyTextProps } from '@arco-design/web-react';
import { lazy, Suspense } from 'react';

// Arco components a page shows only when something is wrong, loaded when first shown.
const LoadedResult = lazy(() => import('./result-view'));
const LoadedAlert = lazy(() => import('./alert-view'));
const LoadedText = lazy(() => import('./text-view'));

/**
 * Arco's Result. It carries its 403, 404 and 500 illustrations whatever the status (about
 * 27 kB gzip), and a page shows one only when something went wrong.
 */
export function Result(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <LoadedResult {...props} />
    </Suspense>
  );
}

/** Arco's Alert, for a failed block or chart and an unsupported component: its text shows at once. */
export function Alert(props: AlertProps) {
  return (
    <Suspense fallback={<div role="alert">{props.content}</div>}>
      <LoadedAlert {...props} />
    </Suspense>
  );
}

/** Arco's Typography.Text, for the reason under a failed load: the text shows at once, plain. */
export function Text(props: TypographyTextProps) {
  return (
    <Suspense fallback={<span>{props.children}</span>}>
      <LoadedText {...props} />
    </Suspense>
  );
}
