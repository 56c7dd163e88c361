import type { NavigationGuardEvent } from './events.ts';
import type { NavigationGuardContext } from './types.ts';

type Args = { context: NavigationGuardContext; event: NavigationGuardEvent };

export const hasDrafts = ({ context }: Args): boolean => Object.keys(context.drafts).length > 0;
export const hasNoDrafts = (args: Args): boolean => !hasDrafts(args);

/** Every owner with a draft would take its save event now (a form with invalid fields would not). */
export const draftsCanSave = ({ context }: Args): boolean =>
  Object.values(context.drafts).every((d) => d.status === 'saving' || d.ref.getSnapshot().can(d.saveEvent));

/** While saving before leaving, an owner is back to a plain draft: its save failed or was refused. */
export const reportsSaveFailed = ({ event }: Args): boolean =>
  event.type === 'draft.report' && event.status === 'dirty';
