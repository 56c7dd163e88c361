import { useEffect } from 'react';
import type { AnyActorRef, EventObject } from 'xstate';
import { useNavigationGuard } from '../machines/navigationGuard/context.ts';
import { draftStatusOf } from '../machines/navigationGuard/selectors.ts';
import type { DraftStatus } from '../machines/navigationGuard/types.ts';

/**
 * Reports a draft-holding chart to the shell's navigation guard: its status after every transition (from its
 * `unsaved` and `saving` tags) and the event that saves its draft; clean when the screen goes away.
 */
export function useUnsavedDraft(actor: AnyActorRef, owner: string, saveEvent: EventObject): void {
  const guard = useNavigationGuard();
  const saveType = saveEvent.type;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the save event is compared by its type
  useEffect(() => {
    if (!guard) return;
    let last: DraftStatus = 'clean';
    const report = (status: DraftStatus) => {
      if (status === last) return;
      last = status;
      guard.send({ type: 'draft.report', owner, status, ref: actor, saveEvent });
    };
    report(draftStatusOf(actor.getSnapshot()));
    const subscription = actor.subscribe((snapshot) => report(draftStatusOf(snapshot)));
    return () => {
      subscription.unsubscribe();
      report('clean');
    };
  }, [guard, actor, owner, saveType]);
}
