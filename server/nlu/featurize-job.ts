import { extractEntities } from './entities.ts';
import { NO_ENTITIES } from './features.ts';
import type { FeatureSettings } from './features.ts';
import type { EntityDefinition } from './types.ts';

/** Sentences to turn into features (in a worker or in the calling thread). */
export interface FeaturizeJob {
  texts: readonly string[];
  language: string;
  features: FeatureSettings;
  entities: readonly EntityDefinition[];
}

/** The names of the project's entities found in the sentence (each is a feature). */
export function entityNamesOf(text: string, job: FeaturizeJob): readonly string[] {
  return job.entities.length ? extractEntities(text, job.entities, job.language).map((e) => e.name) : NO_ENTITIES;
}
