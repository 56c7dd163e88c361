import type { NavigationGuardEvent } from './events.ts';
import type { NavigationGuardContext } from './types.ts';

/** The drafts after a report: a clean owner leaves the list, a dirty or saving one is (re)listed. */
export function draftsAfter(
  context: NavigationGuardContext,
  event: NavigationGuardEvent,
): NavigationGuardContext['drafts'] {
  if (event.type !== 'draft.report') return context.drafts;
  const { [event.owner]: previous, ...others } = context.drafts;
  if (event.status === 'clean') return others;
  const ref = event.ref ?? previous?.ref;
  const saveEvent = event.saveEvent ?? previous?.saveEvent;
  if (!ref || !saveEvent) return others;
  return { ...others, [event.owner]: { status: event.status, ref, saveEvent } };
}
