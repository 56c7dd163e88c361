import type { JobHandler } from './jobs/job-runner.ts';
import { TRAIN_DRAFT_JOB, trainDraftJob } from './features/training/train-draft-job.ts';
import { REINDEX_KNOWLEDGE_JOB, reindexKnowledgeJob } from './features/knowledge/reindex-knowledge-job.ts';
import { EVALUATE_QA_JOB, evaluateQaJob } from './features/knowledge/evaluate-qa-job.ts';

/** Every kind of job and its handler, for the server's own runner and for worker processes. A new kind adds one line. */
export const jobHandlers: Record<string, JobHandler> = {
  [TRAIN_DRAFT_JOB]: trainDraftJob,
  [REINDEX_KNOWLEDGE_JOB]: reindexKnowledgeJob,
  [EVALUATE_QA_JOB]: evaluateQaJob,
};
