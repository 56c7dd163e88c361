import { useWindowEvent } from '@mantine/hooks';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { setNavigationGate } from '../../console/navigation.ts';
import { NavigationGuardContext } from '../../machines/navigationGuard/context.ts';
import { providedNavigationGuardMachine } from '../../machines/navigationGuard/provide.ts';
import { UnsavedChangesModal } from '../../ui/UnsavedChangesModal.tsx';

/**
 * The signed-in shell's navigation guard: its chart decides, this only connects it to the console's navigate
 * (every menu item, Ctrl+G letter, palette entry, link and the browser's back), to `beforeunload` and to the
 * question's dialog; screens below report their drafts to it (useUnsavedDraft).
 */
export function NavigationGuard({
  logic = providedNavigationGuardMachine,
  logout,
  children,
}: {
  logic?: typeof providedNavigationGuardMachine;
  /** The session's logout, once the guard lets the user go (the user menu sends `logout.request`). */
  logout?: () => void;
  children: ReactNode;
}) {
  const logoutRef = useRef(logout);
  logoutRef.current = logout;
  const guard = useActorRef(logic.provide({ actions: { logout: () => logoutRef.current?.() } }));
  const asking = useSelector(guard, (s) => s.hasTag('asking'));
  const saving = useSelector(guard, (s) => s.hasTag('saving'));
  useEffect(
    () =>
      setNavigationGate((to, replace) => {
        if (!guard.getSnapshot().hasTag('unsaved')) return true;
        guard.send({ type: 'nav.request', to, replace });
        return false;
      }),
    [guard],
  );
  // Reload or close: browsers ask their own question (no page may word it or offer Save).
  useWindowEvent('beforeunload', (event) => {
    if (!guard.getSnapshot().hasTag('unsaved')) return;
    event.preventDefault();
    event.returnValue = '';
  });
  return (
    <NavigationGuardContext.Provider value={guard}>
      {children}
      <UnsavedChangesModal opened={asking || saving} saving={saving} onAnswer={(type) => guard.send({ type })} />
    </NavigationGuardContext.Provider>
  );
}
