import type { CallResult } from '../../api/contract/call.ts';
import type { searchKnowledge } from '../../api/contract/knowledges.ts';

/** What "try a question" answers: the top passages with scores and confidences, and whether the bot would answer. */
export type KnowledgeSearchAnswer = CallResult<typeof searchKnowledge>;
