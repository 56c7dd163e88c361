import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import type { AnyActorRef, EventFrom } from 'xstate';
import { type DeepLinkKind, linkedId } from '../machines/commandPalette/deepLinks.ts';

/**
 * A screen's `?<kind>_id=N` (the command palette, a shared link) sent to its chart as the chart's own selection
 * event, once per id, as soon as the chart can take it (after loading). `handledAtMount`: the chart's input
 * already took the id the screen opened with; `enabled: false`: the user may not open one.
 */
export function useLinkedSelection<TActor extends AnyActorRef>(
  kind: DeepLinkKind,
  actor: TActor,
  select: (id: number) => EventFrom<TActor>,
  { handledAtMount = false, enabled = true }: { handledAtMount?: boolean; enabled?: boolean } = {},
): void {
  const search = useSearch();
  const linked = enabled ? linkedId(kind, search) : null;
  const handled = useRef<number | null | undefined>(handledAtMount ? linked : undefined);
  const ready = useSelector(actor, (s) => linked !== null && s.can(select(linked)));
  useEffect(() => {
    if (linked === null) handled.current = null;
    else if (ready && handled.current !== linked) {
      handled.current = linked;
      actor.send(select(linked));
    }
  }, [actor, linked, ready, select]);
}
