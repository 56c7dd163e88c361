import { evaluateProject, trainModel, withDefaultThreshold } from '../../nlu/index.ts';
import { ENTITIES_RESOURCE, entityView, insertEntityRow } from '../intents/entities.ts';
import { storeEvaluation } from './evaluations.ts';
import {
  INTENTS_RESOURCE,
  type WriteScope,
  insertIntentRow,
  insertTemplates,
  recordIntentRevision,
} from '../intents/intents.ts';
import { claimAtime } from '../../history/atime.ts';
import { storeDraftModel } from './model-store.ts';
import { recordRevision } from '../../history/revisions.ts';
import { SYNONYMS_RESOURCE, insertSynonymRow } from '../intents/synonyms.ts';
import { readNluSettings } from '../settings/nlu-settings.ts';
import { loadTrainingData, trainingDataHash } from './training-data.ts';
import type { Db } from '../../db/database.ts';

/**
 * The demo project's language model (DESIGN §2): a pizza place's bot in English, with a '[NEG]' twin, a
 * synonym (#pizza), a dictionary entity (@pizza_type) and a number entity (@count). The chat runtime's and
 * the screens' tests rely on these names.
 *
 * Every template shares its words with others of its intent and with no other intent, so each one is recognised
 * by a model trained without it: the demo's own evaluation shows precision and recall 1.000 on every intent
 * (a demo should show what a healthy project looks like; test/nlu/demo-evaluation.test.ts holds it there).
 */
export const demoIntents: { name: string; templates: string[] }[] = [
  {
    name: 'greeting',
    templates: [
      'hello',
      'hello there',
      'hello bot',
      'hello, is anybody there?',
      'hi',
      'hi there',
      'hi bot',
      'hey',
      'hey there',
      'hey bot',
      'good morning',
      'good afternoon',
      'good evening',
      'good morning bot',
    ],
  },
  {
    name: 'goodbye',
    templates: [
      'bye',
      'goodbye',
      'bye bye',
      'bye for now',
      'goodbye for now',
      'see you later',
      'see you soon',
      'see you tomorrow',
      'bye, see you',
      'bye then',
    ],
  },
  {
    name: 'order',
    templates: [
      'I want to order a #pizza',
      'I would like to order @count #pizza',
      'can I get a @pizza_type #pizza',
      'I want a @pizza_type #pizza',
      'order a @pizza_type #pizza please',
      'I would like @count @pizza_type #pizza',
      'I want @count #pizza please',
      'I want to place an order',
      'I want to order food',
      'one @pizza_type #pizza please',
      'I would like a @pizza_type #pizza',
      'I would like to order',
      'I want to order',
    ],
  },
  {
    name: 'order [NEG]',
    templates: [
      "I don't want to order a #pizza",
      'I do not want to order anything',
      "I don't want a @pizza_type",
      "I don't want to place an order",
      "I don't want any #pizza",
      'I do not want to order',
      "I don't want to order",
      'I do not want a #pizza',
    ],
  },
  {
    name: 'confirm',
    templates: [
      'yes',
      'yes please',
      'yes, that is right',
      'yes, correct',
      'yeah',
      'yeah sure',
      'sure',
      'sure thing',
      'correct',
      'that is correct',
      'that is right',
      'yep',
      'yep, sure',
    ],
  },
  {
    name: 'deny',
    templates: [
      'no',
      'no, not really',
      'not really',
      'nope',
      'nope, not at all',
      'no way',
      'not at all',
      'that is wrong',
      'no, that is wrong',
      'absolutely not',
      'no, absolutely not',
    ],
  },
  {
    name: 'help',
    templates: [
      'help',
      'help me',
      'help me please',
      'I need help',
      'can you help me',
      'please help',
      'what can you do',
      'what can you do for me',
      'what can you help me with',
      'how can you help',
    ],
  },
  {
    name: 'opening hours',
    templates: [
      'when are you open',
      'what are your opening hours',
      'are you open now',
      'what time do you close',
      'what time do you open',
      'are you open on sunday',
      'opening hours',
      'until when are you open today',
      'are you open on weekends',
      'business hours',
      'when do you close tonight',
    ],
  },
  {
    name: 'thanks',
    templates: [
      'thanks',
      'thanks a lot',
      'thanks so much',
      'thank you',
      'thank you very much',
      'thank you so much',
      'many thanks',
      'great, thank you',
      'great, thanks',
    ],
  },
  {
    name: 'human agent',
    templates: [
      'I want to talk to a human',
      'can I speak to a person',
      'connect me to an operator',
      'transfer me to a real person',
      'I need to speak with a person',
      'get me a human',
      'is there a real person I can talk to',
      'let me talk to a human agent',
      'connect me to a human agent',
      'speak to an operator',
    ],
  },
  {
    name: 'order status',
    templates: [
      'where is my order',
      'where is my #pizza',
      'when will my order arrive',
      'is my order on the way',
      'when will my #pizza arrive',
      'status of my order',
      'what is the status of my order',
      'my order is late',
      'track my order',
      'when will my delivery arrive',
      'where is my delivery',
    ],
  },
  {
    name: 'cancel order',
    templates: [
      'cancel my order',
      'I want to cancel my order',
      'please cancel the order',
      'cancel the #pizza',
      'I changed my mind, cancel it',
      'can I cancel my order',
      'cancel it',
      'cancel my #pizza',
    ],
  },
  {
    name: 'menu',
    templates: [
      'what is on the menu',
      'show me the menu',
      'menu please',
      'can I see the menu',
      'what is on your menu',
      'what #pizza do you have',
      'what kinds of #pizza do you have',
      'do you have vegetarian options',
      'what toppings do you have',
      'do you have drinks',
    ],
  },
  {
    name: 'payment',
    templates: [
      'how can I pay',
      'can I pay by card',
      'can I pay with cash',
      'can I pay online',
      'I want to pay',
      'what payment methods do you accept',
      'do you accept cash',
      'do you accept credit cards',
      'pay with apple pay',
      'can I pay with a credit card',
    ],
  },
];

/** The demo's confidence threshold, set by hand: the model's own would leave its least confident template out. */
export const DEMO_CONFIDENCE_THRESHOLD = 0.5;

export const demoSynonyms = [{ name: 'pizza', values: ['pizza', 'pizzas', 'pie'] }];

export const demoEntities = [
  {
    name: 'pizza_type',
    type: 'dictionary' as const,
    match: 'lemmatized' as const,
    occurrence: 'multiple' as const,
    case_insensitive: true,
    values: 'margherita\npepperoni\nhawaiian\nvegetarian\nquattro formaggi\ndiavola\ncapricciosa',
    is_system: false,
  },
  {
    name: 'count',
    type: 'number' as const,
    match: 'exact' as const,
    occurrence: 'single' as const,
    case_insensitive: false,
    values: '',
    is_system: false,
  },
];

/** The resource's first atime: its x-atime and its first revisions agree from the start. */
const firstAtime = async (db: Db, projectId: number, resource: string): Promise<number> =>
  (await claimAtime(db, projectId, resource, Number.MAX_SAFE_INTEGER))!;

/**
 * Project initializer (options.demo only): the demo intents, synonym and entities with their first
 * revisions, and a trained draft model with its evaluation, so the chat and the intents screen work at once.
 */
export async function initializeDemoLanguageModel(
  trx: Db,
  projectId: number,
  options: { demo: boolean },
): Promise<void> {
  if (!options.demo) return;
  const scope: WriteScope = { projectId, userId: null, atime: await firstAtime(trx, projectId, INTENTS_RESOURCE) };
  for (const intent of demoIntents) {
    const id = await insertIntentRow(trx, projectId, intent.name);
    await insertTemplates(trx, projectId, id, intent.templates);
    await recordIntentRevision(trx, scope, id);
  }
  for (const synonym of demoSynonyms) {
    const id = await insertSynonymRow(trx, projectId, synonym);
    const time = await firstAtime(trx, projectId, SYNONYMS_RESOURCE);
    await recordRevision(trx, {
      projectId,
      resource: SYNONYMS_RESOURCE,
      itemId: id,
      time,
      userId: null,
      data: { id, ...synonym },
    });
  }
  for (const entity of demoEntities) {
    const row = await insertEntityRow(trx, { project_id: projectId, ...entity });
    const time = await firstAtime(trx, projectId, ENTITIES_RESOURCE);
    await recordRevision(trx, {
      projectId,
      resource: ENTITIES_RESOURCE,
      itemId: row.id,
      time,
      userId: null,
      data: entityView(row),
    });
  }
  try {
    const data = await loadTrainingData(trx, projectId);
    const hash = trainingDataHash(data);
    const { threshold } = await readNluSettings(trx, projectId);
    const evaluation = await evaluateProject(data, {
      folds: 5,
      seed: 42,
      threshold: threshold ?? undefined,
      workers: 1,
    });
    const model = withDefaultThreshold(await trainModel(data, { workers: 1 }), evaluation.project_threshold);
    await storeDraftModel(trx, projectId, model, hash);
    await storeEvaluation(trx, projectId, evaluation, hash);
  } catch (error) {
    // An untrained demo still works: the screens say 'not retrained' and Train NLU trains it.
    console.warn('The demo language model could not be trained at seed time:', error);
  }
}
