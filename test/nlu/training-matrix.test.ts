import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURES, FeatureExtractor } from '../../server/nlu/features.ts';
import { getLanguage } from '../../server/nlu/languages/registry.ts';
import { lookupColumn } from '../../server/nlu/hash-table.ts';
import { vectorize } from '../../server/nlu/tfidf.ts';
import { SolverMemory } from '../../server/nlu/solver-memory.ts';
import { trainingMatrix } from '../../server/nlu/training-matrix.ts';
import { numberEntity } from './entity-fixtures.ts';

const texts = [
  'I want to pay my invoice',
  'pay the invoice, pay it now!',
  "I don't want to pay",
  'Where is my parcel?',
  'parcel 42 has not arrived',
  'Chci zaplatit fakturu',
  'nechci platit fakturu',
  '',
  'pay pay pay',
];
const entities = [numberEntity];

/** A row as a map from feature hash to weight (the two paths number columns differently). */
function byHash(index: ArrayLike<number>, value: ArrayLike<number>, hashes: Uint32Array) {
  const row = new Map<number, number>();
  for (let i = 0; i < index.length; i++) row.set(hashes[index[i]!]!, value[i]!);
  return row;
}

describe('training matrix', () => {
  const settings = [
    DEFAULT_FEATURES,
    { ...DEFAULT_FEATURES, wordNgrams: 3, digitShapes: true, negation: true, charWeight: 0.5 },
    { ...DEFAULT_FEATURES, crossWordChars: true, rawWords: false, charMin: 3, charMax: 5 },
  ];
  for (const [s, features] of settings.entries()) {
    for (const minDf of [1, 2]) {
      it(`gives each sentence the TF-IDF row that classification computes (settings ${s}, minDf ${minDf})`, () => {
        const job = { texts, language: 'en', features, entities };
        const { vocabulary, matrix } = trainingMatrix(job, minDf);
        expect(matrix.rows).toBe(texts.length);
        expect(matrix.columns).toBe(vocabulary.size);
        const extractor = new FeatureExtractor(getLanguage('en'), features);
        texts.forEach((text, r) => {
          const names = text.match(/\d/) ? ['number'] : [];
          const expected = vectorize(
            extractor.hashes(text, names),
            (hash) => lookupColumn(vocabulary.table, hash),
            vocabulary.idf,
            features.charWeight,
          );
          const from = matrix.rowStart[r]!;
          const to = matrix.rowStart[r + 1]!;
          const actual = byHash(
            matrix.columnIndex.subarray(from, to),
            matrix.value.subarray(from, to),
            vocabulary.hashes,
          );
          const wanted = byHash(expected.index, expected.value, vocabulary.hashes);
          expect(actual.size, text).toBe(wanted.size);
          for (const [hash, weight] of wanted) expect(actual.get(hash), text).toBeCloseTo(weight, 6);
        });
      });
    }
  }

  it("writes each row's squared norm, the bias's 1 first, into the solver's memory as it weighs the row", () => {
    const { matrix, memory } = trainingMatrix({ texts, language: 'en', features: DEFAULT_FEATURES, entities }, 1, 3);
    const copied = SolverMemory.of(matrix, 3);
    for (let r = 0; r < matrix.rows; r++) {
      let squared = 1;
      for (let k = matrix.rowStart[r]!; k < matrix.rowStart[r + 1]!; k++) {
        const v = matrix.value[k]!;
        squared += v * v; // a product, as the solver's own sum: \`**\` need not round the same way
      }
      // Exactly: the solver's weights depend on every bit of it.
      expect(memory!.qd[r]).toBe(squared);
      expect(copied.qd[r]).toBe(squared);
    }
  });

  it('drops features seen in fewer than minDf sentences and keeps smooth idf', () => {
    const { vocabulary } = trainingMatrix({ texts, language: 'en', features: DEFAULT_FEATURES, entities: [] }, 2);
    const { vocabulary: all } = trainingMatrix({ texts, language: 'en', features: DEFAULT_FEATURES, entities: [] }, 1);
    expect(vocabulary.size).toBeLessThan(all.size);
    // Seen in 2 of 9 sentences: ln((1 + 9) / (1 + 2)) + 1.
    const counts = new Map<number, number>();
    for (const text of texts) {
      const hashes = new FeatureExtractor(getLanguage('en'), DEFAULT_FEATURES).hashes(text);
      for (const hash of new Set([...hashes.word, ...hashes.char])) counts.set(hash, (counts.get(hash) ?? 0) + 1);
    }
    for (let column = 0; column < vocabulary.size; column++) {
      const count = counts.get(vocabulary.hashes[column]!)!;
      expect(count).toBeGreaterThanOrEqual(2);
      expect(vocabulary.idf[column]).toBeCloseTo(Math.log(10 / (1 + count)) + 1, 5);
    }
  });
});
