import { type AnyActorRef, fromCallback } from 'xstate';

/** Which emitted events of which child a parent chart hears. */
export interface RelaySource {
  from: AnyActorRef;
  types: string[];
}

/**
 * Hands what child charts emit to their parent chart as events, so the parent's transitions (and its diagram)
 * say who reacts to what. The children stay usable alone: they only emit, they never address a parent.
 */
export const relayEmitted = fromCallback<{ type: string }, { sources: RelaySource[] }>(({ input, sendBack }) => {
  const subscriptions = input.sources.flatMap(({ from, types }) =>
    types.map((type) => from.on(type, (event: { type: string }) => sendBack(event))),
  );
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
});
