import type { SnapshotFrom } from 'xstate';
import type { KnowledgeItem } from '../../api/contract/knowledges.ts';
import { foldText } from '../intentsList/search.ts';
import { type EntryFormErrors, entryFormErrors } from './form.ts';
import type { knowledgeEntriesMachine } from './machine.ts';

type Snapshot = SnapshotFrom<typeof knowledgeEntriesMachine>;

// Folded text per entry object: the list is replaced, never mutated, so a keystroke costs substring searches only.
const folded = new WeakMap<KnowledgeItem, string>();
const foldedEntry = (entry: KnowledgeItem): string => {
  let text = folded.get(entry);
  if (text === undefined) {
    text = foldText([entry.title, entry.link, entry.knowledge, entry.file ?? ''].join('\n'));
    folded.set(entry, text);
  }
  return text;
};

/** The entries the search matches (title, link, knowledge text, file), ignoring case and diacritics. */
export function matchingEntries(entries: KnowledgeItem[], search: string): KnowledgeItem[] {
  const query = foldText(search.trim());
  return query === '' ? entries : entries.filter((e) => foldedEntry(e).includes(query));
}

/** The dialog's field errors, once a submit was tried. */
export const shownFormErrors = (state: Snapshot): EntryFormErrors =>
  state.context.attempted ? entryFormErrors(state.context.form) : {};

export const pendingDeleteEntry = (state: Snapshot): KnowledgeItem | undefined =>
  state.context.entries.find((e) => e.id === state.context.pendingDelete);

/** Which of the screen's top-level views shows. */
export const entriesPhase = (state: Snapshot): 'loading' | 'failed' | 'ready' =>
  state.matches('loading') ? 'loading' : state.matches('failed') ? 'failed' : 'ready';
