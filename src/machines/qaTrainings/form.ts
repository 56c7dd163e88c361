import { QA_QUESTION_EMPTY, QA_QUESTION_MAX, QA_QUESTION_TOO_LONG } from '../../api/contract/qa-trainings.ts';

/** The entry picker's value for a question that must not be answered. */
export const MUST_NOT_BE_ANSWERED = 'none';
export const MUST_NOT_BE_ANSWERED_LABEL = 'must not be answered';
export const QA_EXPECTED_REQUIRED = 'Choose the entry that must answer it, or "must not be answered"';

/** The add/edit dialog's fields; `expected` null: not chosen yet. */
export interface QaForm {
  id: number | null;
  question: string;
  expected: number | typeof MUST_NOT_BE_ANSWERED | null;
}

export const EMPTY_QA_FORM: QaForm = { id: null, question: '', expected: null };

export interface QaFormErrors {
  question?: string;
  expected?: string;
}

export function qaFormErrors(form: QaForm): QaFormErrors {
  const errors: QaFormErrors = {};
  if (form.question.trim() === '') errors.question = QA_QUESTION_EMPTY;
  else if (form.question.length > QA_QUESTION_MAX) errors.question = QA_QUESTION_TOO_LONG;
  if (form.expected === null) errors.expected = QA_EXPECTED_REQUIRED;
  return errors;
}

export const isQaFormValid = (form: QaForm): boolean => Object.keys(qaFormErrors(form)).length === 0;

/** The body of PUT /qa-trainings/{id}. */
export const qaBody = (form: QaForm) => ({
  id: form.id,
  question: form.question.trim(),
  knowledge_id: form.expected === MUST_NOT_BE_ANSWERED || form.expected === null ? null : form.expected,
});
