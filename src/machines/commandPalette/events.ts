import type { PaletteSources } from './actors.ts';

export type CommandPaletteEvent =
  | { type: 'palette.open' }
  | { type: 'palette.close' }
  | { type: 'palette.retry' }
  /** Another project (or other grants) selected: the cached entries belong to the old one. */
  | { type: 'palette.project'; projectId: number | null; sources: PaletteSources };
