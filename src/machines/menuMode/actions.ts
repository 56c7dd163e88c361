import type { MenuModeContext } from './types.ts';
import type { MenuModeEvent } from './events.ts';

/** The path the pressed letter leads to (only called after `isMenuLetter`). */
export const targetOf = (context: MenuModeContext, event: MenuModeEvent): string =>
  event.type === 'menu.key' ? (context.targets[event.key.toUpperCase()] ?? '') : '';
