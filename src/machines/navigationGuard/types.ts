import type { AnyActorRef, EventObject } from 'xstate';

/** How a draft-holding chart stands, read from its tags (`unsaved`, `saving`): see selectors.ts. */
export type DraftStatus = 'clean' | 'dirty' | 'saving';

/** A chart holding a draft, as it reported itself: its actor and the event that saves its draft. */
export interface DraftOwner {
  status: Exclude<DraftStatus, 'clean'>;
  ref: AnyActorRef;
  saveEvent: EventObject;
}

/** Where the user wanted to go when the guard stopped them. */
export interface PendingNavigation {
  to: string;
  replace: boolean;
  /** The user chose Logout: going on logs out instead of navigating. */
  logout?: true;
}

export interface NavigationGuardContext {
  /** Owners with a draft, by name (a screen's chart, a dialog's chart). */
  drafts: Record<string, DraftOwner>;
  pending: PendingNavigation | null;
}
