import { describe, expect, it } from 'vitest';
import { EVALUATION_FOLDS, EVALUATION_SEED } from '../../server/features/training/train-draft-job.ts';
import { evaluateProject } from '../../server/nlu/index.ts';
import type { TrainingData } from '../../server/nlu/types.ts';
import {
  DEMO_CONFIDENCE_THRESHOLD,
  demoEntities,
  demoIntents,
  demoSynonyms,
} from '../../server/features/training/demo-language-model.ts';

/** Issue 18 §6: the seeded demo teaches what a healthy project looks like — no warnings on the intents screen. */
describe('the demo language model', () => {
  it('reaches precision and recall 1.000 on every intent in its own evaluation', async () => {
    const data: TrainingData = {
      language: 'en',
      intents: demoIntents.map((intent, i) => ({ id: i + 1, name: intent.name, templates: intent.templates })),
      synonyms: demoSynonyms,
      entities: demoEntities.map((entity, i) => ({ id: i + 1, ...entity, __is_system__: false })),
    };
    // The same folds, seed and threshold as the seed's and Train's own evaluation.
    const evaluation = await evaluateProject(data, {
      folds: EVALUATION_FOLDS,
      seed: EVALUATION_SEED,
      threshold: DEMO_CONFIDENCE_THRESHOLD,
      workers: 1,
    });
    const missed = evaluation.templates.filter((t) => !t.is_recognized).map((t) => `${t.intent}: ${t.template}`);
    expect(missed).toEqual([]);
    for (const intent of evaluation.intents) {
      expect([intent.name, intent.precision, intent.recall]).toEqual([intent.name, 1, 1]);
    }
  });
});
