import type { AnyActorRef, EventObject } from 'xstate';
import type { DraftStatus } from './types.ts';

export type NavigationGuardEvent =
  /** A draft-holding chart reports its status after every change of it (clean when it is gone). */
  | { type: 'draft.report'; owner: string; status: DraftStatus; ref?: AnyActorRef; saveEvent?: EventObject }
  /** Someone wants another page (menu item, Ctrl+G letter, the palette, a link, the browser's back). */
  | { type: 'nav.request'; to: string; replace: boolean }
  /** Logout from the user menu: it leaves the console like a navigation (an expired session cannot ask). */
  | { type: 'logout.request' }
  | { type: 'leave.save' }
  | { type: 'leave.discard' }
  | { type: 'leave.stay' };
