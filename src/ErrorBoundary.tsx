/** Catches render errors below it, shows a Persian message and reports through runtime/uilog. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../runtime/uilog';
import { LazyErrorMessage } from './pages/LazyErrorMessage';

interface State {
  error: unknown;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    void reportError(error, info.componentStack ?? undefined);
  }

  override render(): ReactNode {
    if (this.state.error) return <LazyErrorMessage onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
