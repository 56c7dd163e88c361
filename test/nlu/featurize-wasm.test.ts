import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURES } from '../../server/nlu/features.ts';
import type { FeatureSettings } from '../../server/nlu/features.ts';
import type { FeaturizeJob } from '../../server/nlu/featurize-job.ts';
import { seededRandom } from '../../server/nlu/seeded-random.ts';
import { SolverMemory } from '../../server/nlu/solver-memory.ts';
import { featurizeShare, trainingMatrix, vocabularyWithRemap, weighRows } from '../../server/nlu/training-matrix.ts';
import type { FeaturizedShare } from '../../server/nlu/training-matrix.ts';
import { featurizeInWasm } from '../../server/nlu/wasm-featurizer.ts';
import { cityEntity, numberEntity } from './entity-fixtures.ts';

const english = [
  'I want to pay my invoice',
  'pay the invoice, pay it now!',
  "I don't want to pay",
  'I don’t want to “pay” – really',
  'Where is my parcel?',
  'parcel 42 has not arrived, it costs £1,000.50',
  '',
  '   ',
  'pay pay pay',
  'CALL me at 10:30 or in 3.5 hours, 1,000 times; U.S. e-mail a:b x.y 7pm', // the one-pass tokeniser's joins
  'is it sunny in London, or in Paris?',
  'Play the song 七里香 by 周杰伦', // Intl.Segmenter's words
  'ｆｕｌｌ　ｗｉｄｔｈ ﬁne café', // NFKC and folding
];
const czech = [
  'Chci zaplatit fakturu',
  'nechci platit fakturu',
  'Dobrý den – máte otevřeno?',
  'kolik stoji doprava do Brna',
  'KDY PŘIJDE MŮJ BALÍK',
  'jaké je počasí v Prague',
];

/** Every array of a share as plain numbers, up to its length. */
function contents(share: FeaturizedShare) {
  const list = (buffer: { data: Int32Array; length: number }) => [...buffer.data.subarray(0, buffer.length)];
  return {
    hashes: [...share.frequency.hashes.subarray(0, share.frequency.size)],
    counts: [...share.frequency.counts.subarray(0, share.frequency.size)],
    documents: share.frequency.documents,
    words: list(share.words),
    tokens: list(share.tokens),
    wordEnd: [...share.wordEnd],
    tokenEnd: [...share.tokenEnd],
    sentenceChars: list(share.sentenceChars),
    sentenceCharEnd: [...share.sentenceCharEnd],
    tokenColumns: list(share.tokenColumns),
    charStart: list(share.charStart),
    charEnd: list(share.charEnd),
    occurrences: share.occurrences,
  };
}

function job(
  texts: readonly string[],
  language: string,
  features: FeatureSettings,
  entities = [numberEntity, cityEntity],
) {
  return { texts, language, features, entities } satisfies FeaturizeJob;
}

/** Sentences of random words (a seeded stream): thousands of distinct tokens, so both tables double several times. */
function randomSentences(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const word = () =>
    Array.from({ length: 1 + Math.floor(random() * 9) }, () => letters[Math.floor(random() * 26)]).join('');
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(random() * 12) }, () => (random() < 0.3 ? 'the' : word())).join(' '),
  );
}

describe('featurisation in WebAssembly', () => {
  const settings: FeatureSettings[] = [
    DEFAULT_FEATURES,
    { ...DEFAULT_FEATURES, digitShapes: true, negation: true, rawWords: false },
    { ...DEFAULT_FEATURES, wordNgrams: 1, charMin: 3, charMax: 5 },
    { ...DEFAULT_FEATURES, charMax: 0 },
  ];
  for (const [s, features] of settings.entries()) {
    for (const [language, texts] of [
      ['en', english],
      ['cs', czech],
    ] as const) {
      it(`gives the JavaScript path's share, column for column (${language}, settings ${s})`, () => {
        const wasm = featurizeInWasm(job(texts, language, features));
        expect(wasm).toBeDefined();
        expect(contents(wasm!)).toEqual(contents(featurizeShare(job(texts, language, features), 'js')));
      });
    }
  }

  it('keeps a project of non-ASCII sentences (which JavaScript splits) in WebAssembly', () => {
    const texts = Array.from({ length: 400 }, (_, i) => `${czech[i % czech.length]} číslo ${i}`);
    const wasm = featurizeInWasm(job(texts, 'cs', DEFAULT_FEATURES));
    expect(wasm).toBeDefined();
    expect(contents(wasm!)).toEqual(contents(featurizeShare(job(texts, 'cs', DEFAULT_FEATURES), 'js')));
  });

  it('gives the same share when its tables double many times over', () => {
    const texts = randomSentences(3000, 7);
    const features = DEFAULT_FEATURES;
    const wasm = featurizeInWasm(job(texts, 'en', features, []));
    expect(wasm!.frequency.size).toBeGreaterThan(65_536); // the feature table began with 65,536 slots
    expect(wasm!.charStart.length).toBeGreaterThan(8192); // the token table, with 8,192
    expect(contents(wasm!)).toEqual(contents(featurizeShare(job(texts, 'en', features, []), 'js')));
  });

  it('leaves word trigrams, n-grams across words and empty n-grams to JavaScript', () => {
    for (const features of [
      { ...DEFAULT_FEATURES, wordNgrams: 3 },
      { ...DEFAULT_FEATURES, crossWordChars: true },
      { ...DEFAULT_FEATURES, charMin: 0 },
    ]) {
      expect(featurizeInWasm(job(english, 'en', features))).toBeUndefined();
      expect(contents(featurizeShare(job(english, 'en', features)))).toEqual(
        contents(featurizeShare(job(english, 'en', features), 'js')),
      );
    }
  });

  it('hands a sentence that normalisation lengthens past its room back to JavaScript', () => {
    // U+FDFA is one character that NFKC spells out in eighteen.
    const texts = ['pay my invoice', '\uFDFA'.repeat(40)];
    expect(featurizeInWasm(job(texts, 'en', DEFAULT_FEATURES))).toBeUndefined();
    const share = featurizeShare(job(texts, 'en', DEFAULT_FEATURES));
    expect(share.frequency.size).toBeGreaterThan(0);
    expect(contents(share)).toEqual(contents(featurizeShare(job(texts, 'en', DEFAULT_FEATURES), 'js')));
  });

  for (const minDf of [1, 2]) {
    it(`weighs the rows into the solver's memory as the JavaScript does, bit for bit (minDf ${minDf})`, () => {
      // A word 300 times over: its term frequency is past weigh's table of logarithms.
      const texts = [...english, ...randomSentences(500, 3), `${'pay '.repeat(300)}now`];
      const features = { ...DEFAULT_FEATURES, negation: true, charWeight: 0.7 };
      const wasm = trainingMatrix(job(texts, 'en', features), minDf, 5);
      const share = featurizeShare(job(texts, 'en', features), 'js');
      const { vocabulary, remap } = vocabularyWithRemap(share.frequency, minDf);
      const memory = new SolverMemory(vocabulary.size, 5, texts.length, share.occurrences);
      weighRows(share, remap, vocabulary.idf, features.charWeight, memory);
      expect(wasm.vocabulary.size).toBe(vocabulary.size);
      const entries = memory.rowStart[texts.length]!;
      expect(wasm.memory!.rowStart[texts.length]).toBe(entries);
      expect([...wasm.memory!.rowStart]).toEqual([...memory.rowStart]);
      expect([...wasm.memory!.columnIndex.subarray(0, entries)]).toEqual([...memory.columnIndex.subarray(0, entries)]);
      expect([...wasm.memory!.value.subarray(0, entries)]).toEqual([...memory.value.subarray(0, entries)]);
      expect([...wasm.memory!.qd]).toEqual([...memory.qd]);
      expect(wasm.matrix.value).toBe(wasm.memory!.value);
      expect(wasm.memory!.address.w).toBeGreaterThan(0); // laid out after the share, in its memory
    });
  }
});
