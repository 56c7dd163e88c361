import { fromPromise } from 'xstate';

/** One thing of the project the palette finds by name. */
export interface PaletteEntry {
  id: number;
  name: string;
}

/**
 * What the palette finds besides screens and commands, loaded when it opens.
 * Extension point: knowledge entries join here once the knowledge base exists (issue 18 item 4): a `knowledge`
 * list, its source in PaletteSources, its loader in src/console/provide.ts and its kind in paletteItems.ts.
 */
export interface PaletteEntries {
  intents: PaletteEntry[];
  reactions: PaletteEntry[];
  tests: PaletteEntry[];
}

/** Which lists the user may read (GET /intents, /reactions, /tests): the others are never asked for. */
export interface PaletteSources {
  intents: boolean;
  reactions: boolean;
  tests: boolean;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`commandPalette actor ${name} not provided`));

/** Typed placeholders; src/console/provide.ts gives the real API calls, tests give fakes. */
export const commandPaletteActors = {
  loadEntries: fromPromise<PaletteEntries, PaletteSources>(notProvided('loadEntries')),
};
