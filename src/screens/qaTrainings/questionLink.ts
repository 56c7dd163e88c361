/** `?question=` (a conversation's "add this question") opens the QA trainings' add dialog with it. */
export const QUESTION_PARAM = 'question';

/** The QA trainings screen with its add dialog open on this question, in the same project. */
export function questionLink(question: string, currentSearch: string): string {
  const params = new URLSearchParams();
  const projectId = new URLSearchParams(currentSearch).get('project_id');
  if (projectId !== null) params.set('project_id', projectId);
  params.set(QUESTION_PARAM, question);
  return `/app/qa-trainings?${params.toString()}`;
}
