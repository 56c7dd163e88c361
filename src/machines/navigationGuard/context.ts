import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { navigationGuardMachine } from './machine.ts';

export type NavigationGuardRef = ActorRefFrom<typeof navigationGuardMachine>;

/** The signed-in shell's navigation guard; null outside the shell (a view rendered alone in a test). */
export const NavigationGuardContext = createContext<NavigationGuardRef | null>(null);

export const useNavigationGuard = (): NavigationGuardRef | null => useContext(NavigationGuardContext);
