import {
  isHttpLink,
  KNOWLEDGE_EMPTY,
  KNOWLEDGE_MAX_CHARS,
  KNOWLEDGE_TOO_LONG,
  LINK_NOT_HTTP,
} from '../../api/contract/knowledges.ts';

/** The add/edit dialog's fields; `id` null adds a new entry. */
export interface EntryForm {
  id: number | null;
  link: string;
  title: string;
  knowledge: string;
}

export const EMPTY_ENTRY_FORM: EntryForm = { id: null, link: '', title: '', knowledge: '' };

export interface EntryFormErrors {
  link?: string;
  knowledge?: string;
}

/** The contract's own rules, checked before anything is sent (the server checks them again). */
export function entryFormErrors(form: EntryForm): EntryFormErrors {
  const errors: EntryFormErrors = {};
  if (!isHttpLink(form.link.trim())) errors.link = LINK_NOT_HTTP;
  if (form.knowledge.trim() === '') errors.knowledge = KNOWLEDGE_EMPTY;
  else if (form.knowledge.length > KNOWLEDGE_MAX_CHARS) errors.knowledge = KNOWLEDGE_TOO_LONG;
  return errors;
}

export const isEntryFormValid = (form: EntryForm): boolean => Object.keys(entryFormErrors(form)).length === 0;

/** Has anything been typed since the dialog opened (on the entry as stored, or on an empty form)? */
export function isFormChanged(
  form: EntryForm,
  stored: Pick<EntryForm, 'link' | 'title' | 'knowledge'> | undefined,
): boolean {
  const opened = stored ?? EMPTY_ENTRY_FORM;
  return form.link !== opened.link || form.title !== (opened.title ?? '') || form.knowledge !== opened.knowledge;
}
