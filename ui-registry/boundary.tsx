import { Component, type ReactNode } from 'react';
import { useRegistryEnv } from './context';
import { Alert } from './on-demand';

interface Props {
  children: ReactNode;
  /** When this changes (another descriptor), a caught error is forgotten. */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

/**
 * Around every page and block: a renderer that throws shows a small error in its own place,
 * and the blocks beside it keep rendering. React itself logs the caught error.
 */
export class BlockBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override render() {
    if (this.state.error) return <BlockError message={this.state.error.message} />;
    return this.props.children;
  }
}

function BlockError({ message }: { message: string }) {
  const { t } = useRegistryEnv();
  return <Alert type="error" content={t('page.blockError', { message })} />;
}
