import type { MenuModeContext } from './types.ts';
import type { MenuModeEvent } from './events.ts';

/** The pressed letter names a screen the user may open. */
export const isMenuLetter = ({ context, event }: { context: MenuModeContext; event: MenuModeEvent }): boolean =>
  event.type === 'menu.key' && event.key.toUpperCase() in context.targets;
