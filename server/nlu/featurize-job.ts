import { DocumentFrequency } from './document-frequency.ts';
import { extractEntities } from './entities.ts';
import { featureHashes } from './features.ts';
import type { FeatureHashes, FeatureSettings } from './features.ts';
import { lookupColumn } from './hash-table.ts';
import type { HashTable } from './hash-table.ts';
import { getLanguage } from './languages/registry.ts';
import { vectorize } from './tfidf.ts';
import type { SparseRow } from './tfidf.ts';
import type { EntityDefinition } from './types.ts';

/** Sentences to turn into feature hashes (in a worker or in the calling thread). */
export interface FeaturizeJob {
  texts: readonly string[];
  language: string;
  features: FeatureSettings;
  entities: readonly EntityDefinition[];
}

export function featurizeTexts(job: FeaturizeJob): FeatureHashes[] {
  const language = getLanguage(job.language);
  return job.texts.map((text) =>
    featureHashes(
      text,
      language,
      job.features,
      job.entities.length ? extractEntities(text, job.entities, language.code).map((e) => e.name) : [],
    ),
  );
}

export function documentFrequencyOf(docs: readonly FeatureHashes[]) {
  const frequency = new DocumentFrequency();
  for (const doc of docs) frequency.addDocument(doc);
  return frequency.export();
}

/** Rows of several sentences packed into three arrays (cheap to pass between threads). */
export interface PackedRows {
  lengths: Int32Array;
  index: Int32Array;
  value: Float32Array;
}

export function vectorizePacked(
  docs: readonly FeatureHashes[],
  table: HashTable,
  idf: Float32Array,
  charWeight: number,
): PackedRows {
  const rows: SparseRow[] = docs.map((doc) => vectorize(doc, (hash) => lookupColumn(table, hash), idf, charWeight));
  let total = 0;
  for (const row of rows) total += row.index.length;
  const packed = { lengths: new Int32Array(rows.length), index: new Int32Array(total), value: new Float32Array(total) };
  let offset = 0;
  rows.forEach((row, r) => {
    packed.lengths[r] = row.index.length;
    packed.index.set(row.index, offset);
    packed.value.set(row.value, offset);
    offset += row.index.length;
  });
  return packed;
}
