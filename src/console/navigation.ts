import { navigate, useHashLocation } from 'wouter/use-hash-location';

/** The page as the router sees it: hash path plus the query (project_id lives in the real query string). */
export function currentPage(): string {
  const path = `/${location.hash.replace(/^#?\/?/, '')}`;
  return `${path}${location.search}`;
}

/** Asked before every navigation of the console: false keeps the page (the navigation guard asks the user). */
export type NavigationGate = (to: string, replace: boolean) => boolean;

// One console per page, one signed-in shell at a time: the shell sets its guard here while it is mounted.
let gate: NavigationGate | null = null;

/** The shell's navigation guard decides from now on; the returned function ends that. */
export function setNavigationGate(next: NavigationGate): () => void {
  gate = next;
  return () => {
    if (gate === next) gate = null;
  };
}

/** Opens a page unless the navigation guard keeps the user (unsaved changes): then it asks first. */
export function navigateTo(to: string, replace = false): void {
  if (gate && !gate(to, replace)) return;
  navigate(to, { replace });
}

/** Opens a page past the guard: only for the guard itself, once the user answered. */
export function leaveTo(to: string, replace = false): void {
  navigate(to, { replace });
}

/** wouter's hash location whose navigate (menu, links, Redirect, useLocation) goes through the guard. */
export function useGuardedHashLocation(options?: { ssrPath?: string }): [string, typeof guardedNavigate] {
  const [location] = useHashLocation(options);
  return [location, guardedNavigate];
}
// Links' href attributes: '#' before the path, as wouter's hash location writes them.
useGuardedHashLocation.hrefs = (useHashLocation as unknown as { hrefs: (href: string) => string }).hrefs;

function guardedNavigate(to: string, options?: { replace?: boolean }): void {
  navigateTo(to, options?.replace ?? false);
}

/** The page a URL names, in the router's terms (hash path, then the query). */
const pageOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.hash.replace(/^#/, '') || '/'}${parsed.search}`;
};

/**
 * The browser's own navigations (back, forward, an edited address) pass the guard too. Installed before the router
 * subscribes, so a kept page is put back before wouter hears of the change; the user's answer then opens the page.
 */
export function installHistoryGuard(): () => void {
  const onHashChange = (event: HashChangeEvent) => {
    // wouter's own navigate dispatches an untrusted event, after navigateTo asked the gate.
    if (!event.isTrusted || !gate || gate(pageOf(event.newURL), false)) return;
    event.stopImmediatePropagation();
    history.pushState(null, '', event.oldURL);
  };
  window.addEventListener('hashchange', onHashChange);
  return () => window.removeEventListener('hashchange', onHashChange);
}
