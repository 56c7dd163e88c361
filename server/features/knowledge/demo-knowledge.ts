import type { Db } from '../../db/database.ts';
import { buildKnowledgeIndex } from '../../knowledge/index.ts';
import { claimAtime } from '../../history/atime.ts';
import { storeDraftIndex } from './knowledge-index-store.ts';
import { knowledgeDataHash, knowledgeDocuments, knowledgeSettings } from './knowledge-reindex.ts';
import { KNOWLEDGES_RESOURCE, entryHash, insertKnowledge, knowledgeRows, markKnowledgeIndexed } from './knowledges.ts';
import { QA_TRAININGS_RESOURCE, insertQaTrainings } from './qa-trainings.ts';

/** The demo pizzeria's knowledge base: what the bot answers from when no intent fits (issue 16). */
export const DEMO_KNOWLEDGE = [
  {
    link: 'https://example.com/delivery',
    title: 'Delivery area and fees',
    knowledge:
      'We deliver within 5 kilometres of the restaurant. Delivery is free for orders over 20 euros; smaller orders ' +
      'pay a delivery fee of 3 euros. A delivery usually takes 30 to 45 minutes, longer on Friday and Saturday ' +
      'evenings. The courier accepts cash and cards at the door.',
  },
  {
    link: 'https://example.com/allergens',
    title: 'Allergens and dietary options',
    knowledge:
      'Every pizza can be made with a gluten-free base for 2 euros extra. Our vegan cheese is made from cashews, ' +
      'so it is not suitable for people with a nut allergy. The menu marks each dish with its allergens: gluten, ' +
      'milk, eggs, nuts, soy and celery.',
  },
  {
    link: 'https://example.com/gift-cards',
    title: 'Gift cards',
    knowledge:
      'Gift cards are sold at the counter and online in values of 10, 25 and 50 euros. A gift card is valid for ' +
      'two years from the day of purchase and can pay for deliveries too. Lost gift cards cannot be replaced.',
  },
  {
    // What the demo's `payment` intent (no reaction) is answered with (issue 33).
    link: 'https://example.com/payment',
    title: 'Payment methods',
    knowledge:
      'We accept cash, debit and credit cards, Apple Pay and Google Pay. Online orders are paid by card when you ' +
      'order, or in cash to the courier at the door. Meal vouchers and cheques are not accepted.',
  },
];

/** Example questions: each tied to the entry that must answer it, the last one must get no answer. */
const demoQuestions = (ids: number[]) => [
  { question: 'How much does delivery cost?', knowledge_id: ids[0]! },
  { question: 'How long does the courier take?', knowledge_id: ids[0]! },
  { question: 'Do you have gluten free pizza?', knowledge_id: ids[1]! },
  { question: 'Is the vegan cheese safe with a nut allergy?', knowledge_id: ids[1]! },
  { question: 'How long is a gift card valid?', knowledge_id: ids[2]! },
  { question: 'Can I pay for delivery with a gift card?', knowledge_id: ids[2]! },
  { question: 'Who won the football match yesterday?', knowledge_id: null },
];

/**
 * Project initializer (options.demo only): three entries, their QA trainings with first revisions, and the
 * draft index built at once, so the knowledge screen, "try a question" and the chat work on first start.
 */
export async function initializeDemoKnowledge(trx: Db, projectId: number, options: { demo: boolean }): Promise<void> {
  if (!options.demo) return;
  const atime = (await claimAtime(trx, projectId, KNOWLEDGES_RESOURCE, Number.MAX_SAFE_INTEGER))!;
  const scope = { projectId, userId: null, atime };
  const ids: number[] = [];
  for (const entry of DEMO_KNOWLEDGE) ids.push((await insertKnowledge(trx, scope, entry, 'manual')).id);
  const qaTime = (await claimAtime(trx, projectId, QA_TRAININGS_RESOURCE, Number.MAX_SAFE_INTEGER))!;
  await insertQaTrainings(trx, { ...scope, atime: qaTime }, demoQuestions(ids));
  const { language } = await knowledgeSettings(trx, projectId);
  const documents = await knowledgeDocuments(trx, projectId);
  const index = buildKnowledgeIndex(documents, language);
  await storeDraftIndex(trx, projectId, {
    data: JSON.stringify(index.toJSON()),
    entries: documents.length,
    passages: index.passages,
    dataHash: knowledgeDataHash(language, documents),
    report: { fetched: 0, changed: 0, unchanged: 0, failed: [] },
  });
  for (const row of await knowledgeRows(trx, projectId)) {
    await markKnowledgeIndexed(trx, row.id, entryHash(row), false);
  }
}
