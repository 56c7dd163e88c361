import type { CurrentUser } from '../../api/contract/users.ts';
import { can } from '../../api/permissions.ts';
import type { RouteEntry } from '../routes.tsx';

/** May the user open this route in this project? Routes without a permission need only a session. */
export const mayOpen = (user: CurrentUser | null, projectId: number | null, route: RouteEntry): boolean =>
  !route.permission || can(user, route.permission.method, route.permission.path, projectId);

/**
 * Is the route offered (menu, Ctrl+G, palette, dashboard links)? Only if the user may open it and, for a voice-only
 * screen, unless the project is chat only (spec 1 §2: outbound).
 */
export const isOffered = (
  user: CurrentUser | null,
  projectId: number | null,
  route: RouteEntry,
  hideVoiceOnly: boolean,
): boolean => mayOpen(user, projectId, route) && !(route.voiceOnly && hideVoiceOnly);

/** Ctrl+G letters of the screens the user may open (spec 1 §2). */
export function menuTargets(
  routes: RouteEntry[],
  user: CurrentUser | null,
  projectId: number | null,
  hideVoiceOnly = false,
): Record<string, string> {
  const targets: Record<string, string> = {};
  for (const route of routes) {
    if (route.hotkey && isOffered(user, projectId, route, hideVoiceOnly)) targets[route.hotkey] = route.path;
  }
  return targets;
}

/** Screens the command palette finds by their menu name: those of the sidebar and user menu the user may open. */
export const paletteScreens = (
  routes: RouteEntry[],
  user: CurrentUser | null,
  projectId: number | null,
  hideVoiceOnly = false,
): RouteEntry[] =>
  routes.filter((route) => route.placement !== 'hidden' && isOffered(user, projectId, route, hideVoiceOnly));
