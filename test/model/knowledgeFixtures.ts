// Sample knowledge entries and QA trainings shared by the knowledge base's model tests.
import type { KnowledgeItem } from '../../src/api/contract/knowledges.ts';
import type { QaTrainingItem } from '../../src/api/contract/qa-trainings.ts';

export const hoursEntry: KnowledgeItem = {
  id: 1,
  link: 'https://example.com/hours',
  title: 'Opening hours',
  knowledge: 'The shop is open from nine to five on weekdays and closed on public holidays.',
  source: 'url',
  file: null,
  indexed_at: '2026-11-20T10:00:00.000Z',
  index_status: 'failed',
  index_error: 'The page answered 404; the previous text is kept.',
  version: null,
  who: null,
};

export const hoursQuestion: QaTrainingItem = {
  id: 7,
  question: 'When do you open?',
  knowledge_id: 1,
  knowledge_title: 'Opening hours',
  version: null,
  who: null,
};
