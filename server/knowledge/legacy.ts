import { FIELDS, type FieldPostings, type InvertedIndex } from './inverted.ts';
import type { EntryRecord, IndexContent, SerializedKnowledgeIndex } from './types.ts';
import { Vocabulary } from './vocabulary.ts';

/**
 * Format 1 (until the index became our own typed arrays): MiniSearch 7's plain object beside the passages and
 * the vocabulary. Deployments made then keep their frozen index, so it is still read: MiniSearch's term →
 * field → passage → count maps are turned into the same posting lists a build gives, scoring exactly as before.
 */
interface LegacyData extends SerializedKnowledgeIndex {
  entries: EntryRecord[];
  passages: { entry: number; text: string }[];
  vocabulary: { terms: string[]; passages: number[] };
  minisearch: {
    documentIds: Record<string, number>;
    fieldIds: Record<string, number>;
    fieldLength: Record<string, number[]>;
    index: [string, Record<string, Record<string, number>>][];
  };
}

const incomplete = () => new Error('The knowledge index is incomplete.');

export function loadLegacyIndex(serialized: SerializedKnowledgeIndex): {
  content: IndexContent;
  inverted: InvertedIndex;
} {
  const data = serialized as LegacyData;
  const minisearch = data.minisearch;
  if (
    !Array.isArray(data.entries) ||
    !Array.isArray(data.passages) ||
    !Array.isArray(data.vocabulary?.terms) ||
    !Array.isArray(minisearch?.index)
  ) {
    throw incomplete();
  }
  const passageCount = data.passages.length;
  const vocabulary = Vocabulary.fromSorted(data.vocabulary.terms, data.vocabulary.passages);
  const termCount = vocabulary.size;
  const passageOf = (shortId: string) => {
    const passage = minisearch.documentIds[shortId];
    if (typeof passage !== 'number' || passage < 0 || passage >= passageCount) throw incomplete();
    return passage;
  };
  const fields = FIELDS.map((name): FieldPostings => {
    const fieldId = String(minisearch.fieldIds?.[name]);
    // Pass 1: list sizes; pass 2: the lists (MiniSearch's integer keys enumerate in ascending order).
    const offsets = new Int32Array(termCount + 1);
    for (const [term, byField] of minisearch.index) {
      const id = vocabulary.id(term);
      if (id < 0) throw incomplete();
      offsets[id + 1] = Object.keys(byField[fieldId] ?? {}).length;
    }
    for (let t = 0; t < termCount; t++) offsets[t + 1]! += offsets[t]!;
    const passages = new Int32Array(offsets[termCount]!);
    const counts = new Int32Array(passages.length);
    for (const [term, byField] of minisearch.index) {
      let at = offsets[vocabulary.id(term)]!;
      for (const [shortId, count] of Object.entries(byField[fieldId] ?? {})) {
        passages[at] = passageOf(shortId);
        counts[at++] = count;
      }
    }
    const lengths = new Int32Array(passageCount);
    let sum = 0;
    for (const [shortId, perField] of Object.entries(minisearch.fieldLength ?? {})) {
      const length = perField[Number(fieldId)] ?? 1;
      lengths[passageOf(shortId)] = length;
      sum += length;
    }
    return { offsets, passages, counts, lengths, average: passageCount > 0 ? sum / passageCount : 0 };
  });
  return {
    content: {
      language: String(data.language),
      entries: data.entries,
      passageEntries: Int32Array.from(data.passages, (passage) => passage.entry),
      passageTexts: data.passages.map((passage) => passage.text),
    },
    inverted: { vocabulary, fields },
  };
}
