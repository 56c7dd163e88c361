import { Component, type ReactNode } from 'react';
import { ChunkLoadTimeoutError } from '../lazyWithTimeout.ts';
import ErrorScreen from './ErrorScreen.tsx';

/** Catches a screen that fails to load (including the 120 s chunk time-out) or to render. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const loading =
      error instanceof ChunkLoadTimeoutError || /dynamically imported module|Loading chunk/i.test(error.message);
    return (
      <ErrorScreen
        title={loading ? 'The screen could not be loaded' : 'Something went wrong'}
        message={
          loading ? 'Check your connection and reload the page.' : 'This screen failed. Reloading usually helps.'
        }
        detail={error.message}
      />
    );
  }
}
