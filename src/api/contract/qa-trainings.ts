import { z } from 'zod';
import { auditFields } from './audit.ts';
import { defineCall, grant } from './call.ts';
import { idOrNewParam, idParam, idResponse, okResponse, scopeQuery } from './common.ts';
import { historyQuery } from './intents.ts';
import { bodyRowId } from './row-id.ts';

/**
 * QA trainings (issue 16 §4, `/app/qa-trainings`): example questions, each tied to the knowledge entry that must
 * answer it, or marked "must not be answered" (`knowledge_id` null). Their questions also feed retrieval as extra
 * matching text for their entry; an evaluation (a k-fold job) measures how well the knowledge base answers them.
 */

export const QA_QUESTION_EMPTY = 'Question cannot be empty';
export const QA_QUESTION_TOO_LONG = 'Question is too long (at most 2000 characters)';
export const QA_ENTRY_NOT_FOUND = 'The knowledge entry of this question does not exist';
export const DUPLICIT_QA_QUESTION = 'Duplicit question';

export const QA_TOASTS = {
  added: 'Question added',
  saved: 'Question saved',
  deleted: 'Question deleted',
  imported: 'Successfully imported',
  evaluationQueued: 'Submitted for evaluation',
  evaluated: 'Successfully evaluated',
} as const;

export const QA_QUESTION_MAX = 2000;

export const qaTrainingBody = z.object({
  question: z
    .string({ error: QA_QUESTION_EMPTY })
    .max(QA_QUESTION_MAX, QA_QUESTION_TOO_LONG)
    .transform((s) => s.trim())
    .refine((s) => s !== '', QA_QUESTION_EMPTY)
    .refine((s) => !s.includes('\u0000'), 'Question cannot contain NUL characters'),
  /** The entry that must answer; null: the question must not be answered. */
  knowledge_id: bodyRowId.nullable(),
});
export type QaTrainingBody = z.input<typeof qaTrainingBody>;

export const qaTraining = z.object({
  id: z.number().int(),
  question: z.string(),
  knowledge_id: z.number().int().nullable(),
  /** The entry's title (or link) for display; null when must-not-be-answered. */
  knowledge_title: z.string().nullable(),
});
export type QaTraining = z.infer<typeof qaTraining>;
export const qaTrainingItem = qaTraining.extend(auditFields);
export type QaTrainingItem = z.infer<typeof qaTrainingItem>;

export const getQaTrainings = defineCall({
  name: 'getQaTrainings',
  method: 'GET',
  path: '/qa-trainings',
  resource: '/qa-trainings',
  access: grant('GET', '/qa-trainings'),
  query: historyQuery,
  response: z.array(qaTrainingItem),
});

/** PUT /qa-trainings/-1 creates, PUT /qa-trainings/{id} saves. */
export const putQaTraining = defineCall({
  name: 'putQaTraining',
  method: 'PUT',
  path: '/qa-trainings/:id',
  resource: '/qa-trainings',
  access: grant('PUT', '/qa-trainings/{id}'),
  params: idOrNewParam,
  query: scopeQuery,
  body: qaTrainingBody,
  response: idResponse,
});

export const deleteQaTraining = defineCall({
  name: 'deleteQaTraining',
  method: 'DELETE',
  path: '/qa-trainings/:id',
  resource: '/qa-trainings',
  access: grant('PUT', '/qa-trainings/{id}'),
  params: idParam,
  query: scopeQuery,
  response: okResponse,
});

/**
 * CSV columns of export and import. `knowledge_id` names the entry; when empty, `link` names it (it must match
 * exactly one entry); both empty: the question must not be answered.
 */
export const QA_CSV_COLUMNS = ['question', 'knowledge_id', 'link'] as const;
export const qaTrainingsExportFileName = (projectId: number) => `qa_trainings_${projectId}.csv`;

/** CSV `question,knowledge_id,link`, downloaded as qa_trainings_{project_id}.csv. */
export const exportQaTrainings = defineCall({
  name: 'exportQaTrainings',
  method: 'GET',
  path: '/qa-trainings/export',
  resource: '/qa-trainings/export',
  access: grant('GET', '/qa-trainings'),
  query: scopeQuery,
  response: z.string(),
});

/**
 * Multipart field `file`, CSV `question,knowledge_id,link` (a header row is optional). All or nothing: any bad row
 * refuses the file naming its line. Questions already present with the same entry are skipped.
 */
export const importQaTrainings = defineCall({
  name: 'importQaTrainings',
  method: 'PUT',
  path: '/qa-trainings/import',
  resource: '/qa-trainings',
  access: grant('PUT', '/qa-trainings/{id}'),
  query: scopeQuery,
  response: z.object({
    status: z.literal('ok'),
    message: z.string(),
    created: z.number().int(),
    skipped: z.number().int(),
  }),
  atimeExempt: true,
});

export const qaEvaluationState = z.enum(['none', 'queued', 'running', 'done', 'failed']);
export type QaEvaluationState = z.infer<typeof qaEvaluationState>;

/** Queues a k-fold evaluation of the QA trainings against the current entries and answers at once. */
export const runQaEvaluation = defineCall({
  name: 'runQaEvaluation',
  method: 'POST',
  path: '/qa-trainings/evaluate',
  resource: '/qa-trainings/evaluate',
  access: grant('PUT', '/qa-trainings/{id}'),
  query: scopeQuery,
  response: z.object({ status: z.literal('ok'), job_id: z.number().int(), state: qaEvaluationState }),
  // It changes no configuration, only queues a job: no atime to compare.
  atimeExempt: true,
});

/** One question's result. `rank`: 1-based place of the expected entry among the hits, null when absent. */
export const qaQuestionResult = z.object({
  qa_training_id: z.number().int(),
  question: z.string(),
  /** The expected entry; null: must not be answered. */
  knowledge_id: z.number().int().nullable(),
  rank: z.number().int().nullable(),
  /** The best hit's confidence. */
  confidence: z.number(),
  /** The entry the bot would answer with (best hit above the threshold), null: "no answer". */
  answered_knowledge_id: z.number().int().nullable(),
  /** Answered by its entry at rank 1 (or, for a must-not question, not answered). */
  hit: z.boolean(),
  /** Why it missed, or what to improve, like the intents' template hints; null on a clean hit. */
  hint: z.string().nullable(),
});
export type QaQuestionResult = z.infer<typeof qaQuestionResult>;

/** Project figures, rounded to 3 decimals; null when no question of that kind exists. */
export const qaEvaluationResult = z.object({
  recall_at_1: z.number().nullable(),
  recall_at_3: z.number().nullable(),
  mrr: z.number().nullable(),
  /** Of the questions answered "no answer", the share that must not be answered. */
  no_answer_precision: z.number().nullable(),
  /** Every question answered by its entry at rank 1 and every must-not question gets no answer. */
  perfect: z.boolean(),
  threshold: z.number(),
  folds: z.number().int(),
  questions: z.array(qaQuestionResult),
});
export type QaEvaluationResult = z.infer<typeof qaEvaluationResult>;

export const qaEvaluationStatus = z.object({
  state: qaEvaluationState,
  job_id: z.number().int().nullable(),
  error: z.string().nullable(),
  /** When the stored result was computed (ISO). */
  evaluated_at: z.string().nullable(),
  /** Entries or questions changed after that. */
  stale: z.boolean(),
});
export type QaEvaluationStatus = z.infer<typeof qaEvaluationStatus>;

/** The latest finished evaluation (null before the first) and the job's state. */
export const getQaEvaluation = defineCall({
  name: 'getQaEvaluation',
  method: 'GET',
  path: '/qa-trainings/evaluation',
  resource: '/qa-trainings/evaluation',
  access: grant('GET', '/qa-trainings'),
  query: scopeQuery,
  response: z.object({ status: qaEvaluationStatus, result: qaEvaluationResult.nullable() }),
});
