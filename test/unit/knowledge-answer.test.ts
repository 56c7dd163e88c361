import { describe, expect, it } from 'vitest';
import type { TrackerEntry } from '../../src/api/contract/chat.ts';
import type { Reaction } from '../../src/api/contract/reactions.ts';
import type { BotSnapshot } from '../../server/chat/bot-snapshot.ts';
import { type TurnHooks, runTurn } from '../../server/chat/run-turn.ts';
import { buildKnowledgeIndex } from '../../server/knowledge/index.ts';

/** The runtime's knowledge answers over a real index (server/knowledge), without a database. */

const index = buildKnowledgeIndex(
  [
    {
      id: 11,
      link: 'https://example.com/parking',
      title: 'Parking',
      text: 'Guests park for free in the garage under the hotel. The garage entrance is on Elm Street and it is open day and night.',
      questions: [],
    },
    {
      id: 12,
      link: '',
      title: 'Breakfast',
      text: 'Breakfast is served in the winter garden from seven to ten. Children under six eat breakfast for free.',
      questions: ['when is breakfast'],
    },
  ],
  'en',
);

const reactions: Reaction[] = [
  {
    id: 1,
    name: 'ask',
    condition: '',
    intents: ['ask'],
    priority: 0,
    reactions_scopes_id: null,
    actions: [{ name: 'knowledge_answer', args: { fallback_text: 'I do not know that.' }, who: 'bot' }],
  },
  {
    id: 2,
    name: 'fallback',
    condition: '',
    intents: ['@fallback'],
    priority: 0,
    reactions_scopes_id: null,
    actions: [{ name: 'utter', args: { text: 'Sorry?' }, who: 'bot' }],
  },
];

/** Every message classifies as `ask` when it starts with "ask:", else falls below the threshold. */
const snapshot = (fallback: boolean, threshold = 0.5): BotSnapshot => ({
  projectId: 1,
  env: 'draft',
  deploymentId: null,
  language: 'en',
  reactions,
  scopes: [],
  actions: [],
  settings: { confidenceThreshold: 0.5, multiIntent: false },
  model: {
    classify: (text) =>
      text.startsWith('ask:')
        ? { intent: { id: 1, name: 'ask' }, confidence: 0.9, ranking: [], entities: [] }
        : { intent: null, confidence: 0.1, ranking: [], entities: [] },
  },
  entities: [],
  knowledge: { index, threshold, fallback },
});

const hooks: TurnHooks = {
  countUnclassified: async () => {},
  checkpoint: async () => {},
  callWebhook: async () => ({ ok: false, reason: 'none' }),
};
const say = async (bot: BotSnapshot, text: string) =>
  (
    await runTurn(
      bot,
      1,
      { variables: {}, scopeId: null, timers: {}, ended: false, projects: [1] },
      0,
      { kind: 'message', text },
      hooks,
    )
  ).entries;
const utters = (entries: TrackerEntry[]) =>
  entries.filter((e) => e.type === 'utter' && e.args.who === 'bot').map((e) => e.value);
const knowledgeEntry = (entries: TrackerEntry[]) =>
  entries.find((e) => e.type === 'action' && e.value === 'knowledge_answer');

describe('knowledge answers', () => {
  it('knowledge_answer says the matching passage, cites the link and logs entry, score and confidence', async () => {
    const entries = await say(snapshot(false), 'ask: where is the garage entrance for parking');
    expect(utters(entries).join(' ')).toMatch(/Elm Street/);
    expect(entries.find((e) => e.type === 'action' && e.value === 'links')?.args.links).toEqual([
      { title: 'Parking', url: 'https://example.com/parking' },
    ]);
    expect(knowledgeEntry(entries)?.args).toMatchObject({ answered: true, knowledge_id: 11 });
    expect(
      entries.some((e) => e.type === 'log' && /answered from entry #11 "Parking", score/.test(e.value ?? '')),
    ).toBe(true);
  });

  it('below the threshold the action says its fallback text; an entry without a link cites nothing', async () => {
    const entries = await say(snapshot(false, 1.01), 'ask: where is the garage entrance for parking');
    expect(utters(entries)).toEqual(['I do not know that.']);
    expect(knowledgeEntry(entries)?.args).toMatchObject({ answered: false, knowledge_id: 11 });
    const breakfast = await say(snapshot(false), 'ask: when is breakfast served for children');
    expect(utters(breakfast).join(' ')).toMatch(/Breakfast|breakfast/);
    expect(breakfast.some((e) => e.type === 'action' && e.value === 'links')).toBe(false);
  });

  it('with the project switch, an unclassified message is answered from knowledge before the fallback', async () => {
    expect(utters(await say(snapshot(true), 'is parking free for guests'))).not.toContain('Sorry?');
    expect(utters(await say(snapshot(true), 'tell me about quantum chromodynamics'))).toEqual(['Sorry?']);
    // Switch off: straight to the fallback reaction.
    expect(utters(await say(snapshot(false), 'is parking free for guests'))).toEqual(['Sorry?']);
  });
});
