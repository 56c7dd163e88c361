import { evaluateProject, trainModel, withDefaultThreshold } from '../nlu/index.ts';
import { ENTITIES_RESOURCE, entityView } from '../services/entities.ts';
import { storeEvaluation } from '../services/evaluations.ts';
import { INTENTS_RESOURCE, type WriteScope, insertTemplates, recordIntentRevision } from '../services/intents.ts';
import { claimAtime } from '../services/atime.ts';
import { storeDraftModel } from '../services/model-store.ts';
import { recordRevision } from '../services/revisions.ts';
import { SYNONYMS_RESOURCE } from '../services/synonyms.ts';
import { loadTrainingData, readNluSettings, trainingDataHash } from '../services/training-data.ts';
import type { Db } from '../db/database.ts';

/**
 * The demo project's language model (DESIGN §2): a pizza place's bot in English, with a '[NEG]' twin, a
 * synonym (#pizza), a dictionary entity (@pizza_type) and a number entity (@count). The chat runtime's and
 * the screens' tests rely on these names.
 */
export const demoIntents: { name: string; templates: string[] }[] = [
  {
    name: 'greeting',
    templates: [
      'hello',
      'hi',
      'hi there',
      'hey',
      'good morning',
      'good afternoon',
      'good evening',
      'hello, is anybody there?',
      'greetings',
      'hey bot',
      'howdy',
      'nice to meet you',
    ],
  },
  {
    name: 'goodbye',
    templates: [
      'bye',
      'goodbye',
      'see you later',
      'see you soon',
      'bye bye',
      'have a nice day',
      'that is all, bye',
      'talk to you later',
      'I have to go now',
      'good night',
    ],
  },
  {
    name: 'order',
    templates: [
      'I want to order a #pizza',
      'I would like to order @count #pizza',
      'can I get a @pizza_type #pizza',
      'I want a @pizza_type',
      'order a @pizza_type #pizza please',
      'I would like @count @pizza_type',
      'give me @count #pizza',
      'I want to place an order',
      'can I order food',
      'I am hungry, I want to order',
      'one @pizza_type please',
      'I will have a @pizza_type',
      'please bring me a #pizza',
    ],
  },
  {
    name: 'order [NEG]',
    templates: [
      "I don't want to order a #pizza",
      'I do not want to order anything',
      "I don't want a @pizza_type",
      'I will not order today',
      "I don't want to place an order",
      "I'm not ordering",
      'no order for me',
      "I don't want any #pizza",
    ],
  },
  {
    name: 'confirm',
    templates: [
      'yes',
      'yes please',
      'yeah',
      'yep',
      'sure',
      'correct',
      'that is right',
      'exactly',
      'of course',
      'absolutely',
      'okay',
      'sounds good',
    ],
  },
  {
    name: 'deny',
    templates: [
      'no',
      'no thanks',
      'nope',
      'not really',
      'that is wrong',
      'incorrect',
      'no way',
      'absolutely not',
      'not at all',
      'I disagree',
    ],
  },
  {
    name: 'help',
    templates: [
      'help',
      'I need help',
      'can you help me',
      'what can you do',
      'how does this work',
      'what are my options',
      'I am lost',
      'help me please',
      'what can I ask you',
      'I do not understand what to do',
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
      'thank you',
      'thank you very much',
      'thanks a lot',
      'many thanks',
      'cheers',
      'I appreciate it',
      'thanks for your help',
      'great, thank you',
    ],
  },
  {
    name: 'human agent',
    templates: [
      'I want to talk to a human',
      'can I speak to a person',
      'connect me to an operator',
      'transfer me to a real person',
      'I need to speak with someone',
      'get me a human',
      'is there a real person I can talk to',
      'call me back please',
      'let me talk to your manager',
    ],
  },
  {
    name: 'order status',
    templates: [
      'where is my order',
      'where is my #pizza',
      'how long until my order arrives',
      'is my order on the way',
      'when will my food arrive',
      'status of my order',
      'my order is late',
      'has my order been shipped',
      'track my order',
      'how long will the delivery take',
    ],
  },
  {
    name: 'cancel order',
    templates: [
      'cancel my order',
      'I want to cancel my order',
      'please cancel the order',
      'stop my order',
      'cancel the #pizza',
      'I changed my mind, cancel it',
      'can I cancel my order',
      'drop the order',
    ],
  },
  {
    name: 'menu',
    templates: [
      'what is on the menu',
      'show me the menu',
      'what #pizza do you have',
      'what kinds of #pizza do you make',
      'do you have vegetarian options',
      'what toppings do you have',
      'what can I eat here',
      'menu please',
      'list your #pizza',
      'do you serve drinks',
    ],
  },
  {
    name: 'payment',
    templates: [
      'how can I pay',
      'can I pay by card',
      'do you accept cash',
      'I want to pay',
      'what payment methods do you accept',
      'can I pay online',
      'do you take credit cards',
      'pay with apple pay',
    ],
  },
];

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
    const { id } = await trx
      .insertInto('intents')
      .values({ project_id: projectId, name: intent.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertTemplates(trx, projectId, id, intent.templates);
    await recordIntentRevision(trx, scope, id);
  }
  for (const synonym of demoSynonyms) {
    const { id } = await trx
      .insertInto('synonyms')
      .values({ project_id: projectId, name: synonym.name, values: JSON.stringify(synonym.values) })
      .returning('id')
      .executeTakeFirstOrThrow();
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
    const row = await trx
      .insertInto('entities')
      .values({ project_id: projectId, ...entity })
      .returning(['id', 'project_id', 'name', 'type', 'match', 'occurrence', 'case_insensitive', 'values', 'is_system'])
      .executeTakeFirstOrThrow();
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
