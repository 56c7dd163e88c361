import type { QaTrainingItem } from '../../api/contract/qa-trainings.ts';
import { foldText } from '../intentsList/search.ts';

/** The questions the search matches (question or expected entry), ignoring case and diacritics. */
export function matchingTrainings(trainings: QaTrainingItem[], search: string): QaTrainingItem[] {
  const query = foldText(search.trim());
  if (query === '') return trainings;
  return trainings.filter((t) => foldText(`${t.question}\n${t.knowledge_title ?? ''}`).includes(query));
}
