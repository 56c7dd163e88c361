import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateProject, loadModel, trainModel } from '../../server/nlu/index.ts';
import type { TrainingData } from '../../server/nlu/index.ts';

const fixture = new URL('../fixtures/czech-project/', import.meta.url);
const project = JSON.parse(readFileSync(new URL('project.json', fixture), 'utf8')) as TrainingData;
const heldOut = JSON.parse(readFileSync(new URL('held-out.json', fixture), 'utf8')) as {
  text: string;
  intent: string;
}[];

describe('Czech project fixture', () => {
  it('has at least 20 intents and held-out phrases for each', () => {
    expect(project.intents.length).toBeGreaterThanOrEqual(20);
    for (const intent of project.intents) expect(heldOut.some((h) => h.intent === intent.name)).toBe(true);
    // Diacritic-free variants are part of the held-out phrases.
    expect(
      heldOut.filter((h) => h.text === h.text.normalize('NFD').replace(/\p{M}/gu, '')).length,
    ).toBeGreaterThanOrEqual(15);
  });

  it('classifies at least 90% of the held-out phrases (inflected, without diacritics)', async () => {
    const model = loadModel(await trainModel(project));
    const misses = heldOut
      .map((h) => ({ ...h, predicted: model.classify(h.text, { threshold: 0 }).intent?.name }))
      .filter((h) => h.predicted !== h.intent);
    const accuracy = 1 - misses.length / heldOut.length;
    if (misses.length) console.info('Czech misses:', misses);
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('reads entities of the project in classification', async () => {
    const model = loadModel(await trainModel(project));
    const result = model.classify('kolik stojí 100 eur v dolarech');
    expect(result.entities.map((e) => [e.name, e.value])).toEqual([
      ['castka', 100],
      ['mena', 'euro'],
      ['mena', 'dolar'],
    ]);
  });

  it('cross-validates the project', async () => {
    const evaluation = await evaluateProject(project, { folds: 5, seed: 42, workers: 1 });
    expect(evaluation.templates.length).toBe(project.intents.reduce((n, i) => n + i.templates.length, 0));
    expect(evaluation.accuracy_without_confidence).toBeGreaterThan(0.6);
  });
});
