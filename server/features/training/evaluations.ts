import type { Clash, IntentEvaluation, ThresholdChoice } from '../../../src/api/contract/training.ts';
import type { Db } from '../../db/database.ts';
import type { Evaluation } from '../../nlu/index.ts';

/** The stored form of an evaluation: the API's shape (per intent id, data keyed by template) plus summary. */
export interface StoredEvaluation {
  evaluation: Record<string, IntentEvaluation>;
  clashes: Clash[];
  accuracy: number;
  threshold: number;
  /** Absent in evaluations stored before issue 34. */
  threshold_choice?: ThresholdChoice;
  folds: number;
  seconds: number;
}

/** Reshapes the engine's evaluation into spec 2 §3's "per intent id: precision, recall, data keyed by template". */
export function evaluationByIntent(evaluation: Evaluation): StoredEvaluation {
  const byIntent: Record<string, IntentEvaluation> = {};
  for (const metrics of evaluation.intents) {
    byIntent[String(metrics.id)] = { precision: metrics.precision, recall: metrics.recall, data: {} };
  }
  for (const t of evaluation.templates) {
    const entry = byIntent[String(t.intent_id)];
    if (!entry) continue;
    entry.data[t.template] = {
      template: t.template,
      is_recognized: t.is_recognized,
      is_recognized_without_confidence: t.is_recognized_without_confidence,
      confidence: t.confidence,
      prediction: t.prediction_id,
      prediction_name: t.prediction,
    };
  }
  return {
    evaluation: byIntent,
    clashes: evaluation.clashes,
    accuracy: evaluation.accuracy,
    threshold: evaluation.threshold,
    threshold_choice: {
      chosen: evaluation.project_threshold,
      basis: evaluation.project_threshold_basis,
      set_in_settings: evaluation.threshold_set_by_hand,
      accuracy_without_confidence: evaluation.accuracy_without_confidence,
    },
    folds: evaluation.folds,
    seconds: evaluation.seconds,
  };
}

export async function storeEvaluation(
  db: Db,
  projectId: number,
  evaluation: Evaluation,
  dataHash: string,
): Promise<void> {
  const data = JSON.stringify(evaluationByIntent(evaluation));
  await db
    .insertInto('nlu_evaluations')
    .values({ project_id: projectId, data, data_hash: dataHash, finished_at: new Date() })
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ data, data_hash: dataHash, finished_at: new Date() }))
    .execute();
}

export async function latestEvaluation(
  db: Db,
  projectId: number,
): Promise<{ data: StoredEvaluation; finished_at: Date; data_hash: string } | undefined> {
  const row = await db
    .selectFrom('nlu_evaluations')
    .select(['data', 'finished_at', 'data_hash'])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row
    ? { data: row.data as unknown as StoredEvaluation, finished_at: row.finished_at, data_hash: row.data_hash }
    : undefined;
}
