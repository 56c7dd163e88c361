import type { DraftSynonym } from './draft.ts';

export const isBlank = (name: string): boolean => name.trim() === '';
export const hasSpaces = (name: string): boolean => /\s/.test(name.trim());
export const isTaken = (draft: DraftSynonym[], name: string, exceptKey?: number): boolean =>
  draft.some((s) => s.key !== exceptKey && s.name.toLowerCase() === name.trim().toLowerCase());
