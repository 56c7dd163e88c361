import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { DomainError, notFound } from '../../domain-errors.ts';
import type { EntityDefinition, TrainingData } from '../../nlu/index.ts';
import { listEntities } from '../intents/entities.ts';
import { listIntents } from '../intents/intents.ts';
import { readSettings } from '../../services/settings.ts';
import { listSynonyms } from '../intents/synonyms.ts';

/** What classification needs from a project's settings (spec 2 §3: confidence_threshold, multi_intent, language). */
export interface NluSettings {
  language: string;
  /** Set by hand in the settings, or null: the model's own (chosen from the project's cross-validation). */
  threshold: number | null;
  multiIntent: boolean;
}

/** The project's NLU settings; a project without a settings row yet falls back to its language and the model's threshold. */
export async function readNluSettings(db: Db, projectId: number): Promise<NluSettings> {
  try {
    const s = await readSettings(db, projectId);
    return {
      language: s.language,
      threshold: s.confidence_threshold ?? null,
      multiIntent: s.multi_intent ?? false,
    };
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not-found') throw error;
    const project = await db.selectFrom('projects').select('language').where('id', '=', projectId).executeTakeFirst();
    if (!project) throw notFound('Project not found.');
    return { language: project.language, threshold: null, multiIntent: false };
  }
}

/** Everything the draft model is trained on: intents with templates, synonyms, entities (system ones too). */
export async function loadTrainingData(db: Db, projectId: number): Promise<TrainingData> {
  const settings = await readNluSettings(db, projectId);
  const intents = await listIntents(db, projectId);
  const synonyms = await listSynonyms(db, projectId);
  const entities: EntityDefinition[] = await listEntities(db, projectId);
  return {
    language: settings.language,
    intents: intents.map((i) => ({ id: i.id, name: i.name, templates: i.templates })),
    synonyms: synonyms.map((s) => ({ name: s.name, values: s.values })),
    entities,
  };
}

/** A digest of the training data: a model trained on other data is stale. */
export function trainingDataHash(data: TrainingData): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('hex');
}
