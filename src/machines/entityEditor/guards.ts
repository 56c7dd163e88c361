import type { EntityDraft } from './draft.ts';

export const isBlank = (name: string): boolean => name.trim() === '';
export const hasSpaces = (name: string): boolean => /\s/.test(name.trim());
/** Printable ASCII only (spec 2 §5). */
export const isAscii = (name: string): boolean => /^[\x20-\x7e]*$/.test(name);
export const isTaken = (drafts: EntityDraft[], name: string, exceptKey?: number): boolean =>
  drafts.some((d) => d.key !== exceptKey && d.name === name.trim());

/** On saving, names with non-ASCII characters, '.', '$', ',' or a space are refused (spec 2 §5). */
export const invalidOnSave = (name: string): boolean => !/^[\x21-\x7e]+$/.test(name) || /[.$,]/.test(name);

/** A system entity is editable only with PUT /system/entities/{id} (spec 2 §6). */
export const mayEdit = (draft: EntityDraft, canSystem: boolean): boolean => !draft.__is_system__ || canSystem;
