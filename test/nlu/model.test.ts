import { describe, expect, it } from 'vitest';
import { loadModel, trainModel } from '../../server/nlu/index.ts';
import type { TrainingData } from '../../server/nlu/index.ts';
import { cityEntity } from './entity-fixtures.ts';

const data: TrainingData = {
  language: 'en',
  intents: [
    {
      id: 10,
      name: 'pay',
      templates: ['I want to pay my bill', 'pay the invoice', 'how can I pay', 'settle my #bill'],
    },
    { id: 11, name: 'weather', templates: ['what is the weather', 'will it rain tomorrow', 'is it sunny in @city'] },
    { id: 12, name: 'hello', templates: ['hello', 'hi', 'good morning', 'hey there'] },
    { id: 13, name: 'empty', templates: [] },
  ],
  synonyms: [{ name: 'bill', values: ['bill', 'invoice', 'statement'] }],
  entities: [cityEntity],
};

describe('model', () => {
  it('serialises, loads and predicts the same', async () => {
    const bytes = await trainModel(data, { workers: 1 });
    expect(bytes).toBeInstanceOf(Uint8Array);
    const started = performance.now();
    const model = loadModel(bytes);
    expect(performance.now() - started).toBeLessThan(50);
    // Loading from an unaligned copy (e.g. a Buffer slice from a database driver) works too.
    const unaligned = new Uint8Array(bytes.byteLength + 1);
    unaligned.set(bytes, 1);
    const copy = loadModel(unaligned.subarray(1));
    for (const text of ['I need to pay the statement', 'rain in London?', 'hello there', 'completely unrelated']) {
      expect(copy.classify(text)).toEqual(model.classify(text));
    }
    expect(model.classify('I need to pay the statement', { threshold: 0 }).intent).toEqual({ id: 10, name: 'pay' });
    expect(model.classify('is it going to rain', { threshold: 0 }).intent?.name).toBe('weather');
  });

  it('gives calibrated confidences, entities, the threshold and multi-intent', async () => {
    const model = loadModel(await trainModel(data, { workers: 1 }));
    const result = model.classify('is it sunny in Londn', { threshold: 0 });
    expect(result.intent?.name).toBe('weather');
    expect(result.entities).toEqual([{ name: 'city', value: 'London', text: 'Londn', start: 15, end: 20 }]);
    for (const r of result.ranking) {
      expect(r.confidence).toBeGreaterThanOrEqual(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
    }
    expect(result.ranking.map((r) => r.name)).not.toContain('empty');
    expect(model.classify('is it sunny in London', { threshold: 0.999_999 }).intent).toBeNull();
    const multi = model.classify('hello, I want to pay my bill', { threshold: 0.01, multiIntent: true });
    expect(multi.intents?.map((i) => i.name)).toEqual(expect.arrayContaining(['pay', 'hello']));
  });

  it('trains with worker threads and gets the same model as in one thread', async () => {
    const many: TrainingData = {
      ...data,
      intents: Array.from({ length: 60 }, (_, k) => ({
        id: k + 1,
        name: `intent ${k}`,
        templates: Array.from({ length: 45 }, (_, i) => `topic${k} sentence ${i} word${(i * 7 + k) % 13}`),
      })),
    };
    // 60 intents × 45 templates is above the size from which the pool uses its threads; a single fit of this
    // size would featurise in the calling thread (SINGLE_FIT_THREAD_WORK), so the test lowers that size.
    const threaded = await trainModel(many, { workers: 2, threadWork: 0 });
    const single = await trainModel(many, { workers: 1 });
    expect(Buffer.from(threaded).equals(Buffer.from(single))).toBe(true);
  });
});
