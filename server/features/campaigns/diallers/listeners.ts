import type { CallEvent } from '../dialler.ts';

/** The adapters' `onEvent` subscribers; one listener's exception does not keep the event from the others. */
export class CallEventListeners {
  private readonly listeners = new Set<(event: CallEvent) => void>();

  add(listener: (event: CallEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: CallEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // The engine's own error handling owns its listener; an adapter cannot do better than carry on.
      }
    }
  }
}
