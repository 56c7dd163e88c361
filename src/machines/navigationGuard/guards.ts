import type { NavigationGuardEvent } from './events.ts';
import { draftStatusOf } from './selectors.ts';
import type { NavigationGuardContext } from './types.ts';

type Args = { context: NavigationGuardContext; event: NavigationGuardEvent };

export const hasDrafts = ({ context }: Args): boolean => Object.keys(context.drafts).length > 0;
export const hasNoDrafts = (args: Args): boolean => !hasDrafts(args);

/**
 * Right after the save events went out, an owner still holds a plain draft: it refused to save (a form with invalid
 * fields ignores its save or only says why), so nothing will come back from it.
 */
export const saveRefused = ({ context }: Args): boolean =>
  Object.values(context.drafts).some((d) => d.status === 'dirty' && draftStatusOf(d.ref.getSnapshot()) === 'dirty');

/** While saving before leaving, an owner is back to a plain draft: its save failed or was refused. */
export const reportsSaveFailed = ({ event }: Args): boolean =>
  event.type === 'draft.report' && event.status === 'dirty';

/** The question was asked for Logout (user menu), not for another page. */
export const pendingLogout = ({ context }: Args): boolean => context.pending?.logout === true;
