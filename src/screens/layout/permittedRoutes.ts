import type { CurrentUser } from '../../api/contract/users.ts';
import { can } from '../../api/permissions.ts';
import type { RouteEntry } from '../routes.tsx';

/** May the user open this route in this project? Routes without a permission need only a session. */
export const mayOpen = (user: CurrentUser | null, projectId: number | null, route: RouteEntry): boolean =>
  !route.permission || can(user, route.permission.method, route.permission.path, projectId);

/** Ctrl+G letters of the screens the user may open (spec 1 §2). */
export function menuTargets(
  routes: RouteEntry[],
  user: CurrentUser | null,
  projectId: number | null,
): Record<string, string> {
  const targets: Record<string, string> = {};
  for (const route of routes) {
    if (route.hotkey && mayOpen(user, projectId, route)) targets[route.hotkey] = route.path;
  }
  return targets;
}

/** Screens the command palette finds by their menu name: those of the sidebar and user menu the user may open. */
export const paletteScreens = (
  routes: RouteEntry[],
  user: CurrentUser | null,
  projectId: number | null,
): RouteEntry[] => routes.filter((route) => route.placement !== 'hidden' && mayOpen(user, projectId, route));
