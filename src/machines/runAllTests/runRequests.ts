/**
 * The top bar's Run Tests (Ctrl+Shift+T) from any screen: it asks here and opens the tests screen, whose
 * machine starts Run all (at once when mounted, or as soon as its tests are loaded).
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let pending = false;

export function requestRunAll(): void {
  if (listeners.size === 0) pending = true;
  for (const listener of listeners) listener();
}

/** The tests screen takes a request made before it mounted. */
export function takePendingRunAll(): boolean {
  const was = pending;
  pending = false;
  return was;
}

export function onRunAllRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
