import { fromPromise } from 'xstate';

/** One thing of the project the palette finds by name. */
export interface PaletteEntry {
  id: number;
  name: string;
}

/** What the palette finds besides screens and commands, loaded when it opens. */
export interface PaletteEntries {
  intents: PaletteEntry[];
  reactions: PaletteEntry[];
  tests: PaletteEntry[];
  /** Knowledge base entries, named by title, link or the start of their text (issue 16). */
  knowledge: PaletteEntry[];
}

/** Which lists the user may read (GET /intents, /reactions, /tests, /knowledges): the others are never asked for. */
export interface PaletteSources {
  intents: boolean;
  reactions: boolean;
  tests: boolean;
  knowledge: boolean;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`commandPalette actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real API calls, tests give fakes. */
export const commandPaletteActors = {
  loadEntries: fromPromise<PaletteEntries, PaletteSources>(notProvided('loadEntries')),
};
