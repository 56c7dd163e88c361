import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { EntityDefinition, TrainingData } from '../../nlu/index.ts';
import { listEntities } from '../intents/entities.ts';
import { listIntents } from '../intents/intents.ts';
import { readNluSettings } from '../settings/nlu-settings.ts';
import { listSynonyms } from '../intents/synonyms.ts';

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
