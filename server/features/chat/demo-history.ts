import { randomBytes } from 'node:crypto';
import type { TrackerEntry } from '../../../src/api/contract/chat.ts';
import { FALLBACK_INTENT, START_INTENT } from '../../../src/api/contract/reactions.ts';
import { fillTemplate } from '../../chat/template.ts';
import type { Db } from '../../db/database.ts';
import type { StatsChannel } from '../../db/schema.ts';
import { seededRandom } from '../../nlu/seeded-random.ts';
import { type Rollup, addEntries, addStart, emptyRollup, hourOf, writeRollup } from '../stats/stats-rollup.ts';
import { demoReactions } from '../dialogue/demo-dialogue.ts';
import { demoIntents } from '../training/demo-language-model.ts';
import { insertLabelRow } from '../settings/labels.ts';
import { seedUnclassified } from '../unclassified/unclassified.ts';
import { type GeneratedConversation, insertConversationRows } from './conversation-writes.ts';

/** Every generated conversation carries this label, so nobody mistakes it for a real customer's. */
export const DEMO_HISTORY_LABEL = 'demo';
export const DEMO_HISTORY_DAYS = 21;

/** Conversations per day in production at the start of the history (testing has a fifth), growing 2% a day. */
const PROD_PER_DAY = 28;
/** Share of conversations per UTC hour: quiet nights, a lunch and an evening peak. */
const HOUR_WEIGHTS = [1, 0, 0, 0, 0, 1, 2, 4, 6, 8, 10, 14, 12, 9, 8, 7, 8, 11, 14, 12, 8, 5, 3, 2];
/** Things people type that the demo bot does not know: a few often, most rarely. */
const OFF_TOPIC = [
  'do you have gluten free dough',
  'can I pay with bitcoin',
  'is the kitchen halal',
  'do you deliver to the airport',
  'I am allergic to nuts',
  'whats the wifi password',
  'can I book a table for 8',
  'do you sell gift cards',
  'are you hiring',
  'my pizza was cold',
  'half and half pizza possible?',
  'where do you get your mozzarella',
  'parking near you?',
  'do u have vegan cheese',
  'price of a large margherita',
];

type Flow = { weight: number; intents: (string | null)[]; end: boolean };
/** What a conversation does: an intent name per user message (null: something the bot does not know). */
const FLOWS: Flow[] = [
  { weight: 30, intents: ['order', '@date', 'confirm'], end: true },
  { weight: 8, intents: ['greeting', 'order', '@date', 'deny'], end: false },
  { weight: 15, intents: ['opening hours', 'thanks', 'goodbye'], end: true },
  { weight: 10, intents: ['menu', 'payment'], end: false },
  { weight: 8, intents: ['order status', 'human agent'], end: false },
  { weight: 12, intents: [null, 'help', 'goodbye'], end: true },
  { weight: 9, intents: [null, null], end: false },
  { weight: 8, intents: ['greeting'], end: false },
];

/**
 * A few weeks of conversations with the demo bot (issue 18 item 6), generated from its own intents' templates
 * and reactions with a seeded random generator, so the dashboard shows real charts on a fresh machine. The
 * conversations are stored as the chat stores them (label 'demo') and their roll-ups go through the chat's own
 * roll-up code, and what the bot did not understand waits in the fallbacks queue as the chat would have put it there
 * (issue 34: the dashboard's "Not understood" list and the queue read the same phrases).
 */
export async function seedDemoHistory(db: Db, projectId: number, userId: number, now = Date.now()): Promise<void> {
  const random = seededRandom(18);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const weighted = <T>(items: readonly T[], weight: (item: T) => number): T => {
    let r = random() * items.reduce((sum, item) => sum + weight(item), 0);
    for (const item of items) {
      r -= weight(item);
      if (r < 0) return item;
    }
    return items.at(-1)!;
  };
  const reactions = demoReactions(0);
  const reply = (intent: string) => reactions.find((r) => (r.intents ?? []).includes(intent));
  const rollups = new Map<string, Rollup>();
  const rows: GeneratedConversation[] = [];
  /** Each fallback phrase with the rows (indices into `rows`) of the conversations that said it. */
  const notUnderstood = new Map<string, number[]>();
  const today = Math.floor(now / 86_400_000) * 86_400_000;

  // Today too, up to an hour ago: the "Today" preset has hours to compare with the same hours of yesterday.
  for (let day = DEMO_HISTORY_DAYS; day >= 0; day--) {
    const date = today - day * 86_400_000;
    const weekend = [0, 6].includes(new Date(date).getUTCDay());
    const growth = 1.02 ** (DEMO_HISTORY_DAYS - day);
    for (const env of ['prod', 'dev'] as const) {
      const mean = PROD_PER_DAY * growth * (weekend ? 1.3 : 1) * (env === 'prod' ? 1 : 0.2);
      const count = Math.round(mean * (0.8 + 0.4 * random()));
      for (let c = 0; c < count; c++) {
        const hour = weighted(
          HOUR_WEIGHTS.map((w, h) => [h, w] as const),
          ([, w]) => w,
        )[0];
        const startedAt = date + hour * 3_600_000 + Math.floor(random() * 3_600_000);
        if (startedAt > now - 3_600_000) continue;
        // Testing is mostly the console's test window (a user), production the widget.
        const channel: StatsChannel = env === 'dev' && random() < 0.7 ? 'console' : 'widget';
        const flow = weighted(FLOWS, (f) => f.weight);
        let at = startedAt;
        const entries: TrackerEntry[] = [];
        const add = (type: TrackerEntry['type'], value: string | null, args: Record<string, unknown> = {}) => {
          at += 1000 + Math.floor(random() * 20_000);
          entries.push({ type, value, args, timestamp: at * 1000 });
        };
        const welcome = reply(START_INTENT)!;
        add('reaction', welcome.name);
        add('utter', String(welcome.actions?.[0]?.args?.text), { who: 'bot' });
        const variables: Record<string, unknown> = {};
        for (const intent of flow.intents) {
          at += 3000 + Math.floor(random() * 40_000);
          if (intent === '@date') {
            variables.delivery_date = new Date(startedAt + (1 + Math.floor(random() * 5)) * 86_400_000)
              .toISOString()
              .slice(0, 10);
            add('utter', String(variables.delivery_date), { who: 'user' });
            const reaction = reactions.find((r) => r.name === 'order_date')!;
            add('reaction', reaction.name);
            add('utter', fillTemplate(String(reaction.actions?.[1]?.args?.text), variables), { who: 'bot' });
            continue;
          }
          const known = intent !== null;
          const text = known ? pick(demoIntents.find((i) => i.name === intent)!.templates) : weightedOffTopic(random);
          if (!known) notUnderstood.set(text, [...(notUnderstood.get(text) ?? []), rows.length]);
          const confidence = known ? 0.5 + 0.5 * random() ** 0.4 : 0.05 + 0.4 * random();
          add('utter', text, { who: 'user', intent, confidence });
          add('intent', intent, { confidence, entities: [], best: intent });
          const reaction = reply(intent ?? FALLBACK_INTENT);
          if (!reaction) continue;
          add('reaction', reaction.name);
          const said = reaction.actions?.find((a) => a.name === 'utter' || a.name === 'integration_redirect');
          if (said?.args?.text) add('utter', fillTemplate(String(said.args.text), variables), { who: 'bot' });
          // The handover to the agent desk is logged as the runtime logs it (statistics count it as a transfer).
          if (said?.name === 'integration_redirect') {
            add('action', 'integration_redirect', { integration: String(said.args?.integration) });
          }
        }
        if (flow.end) add('action', 'call_end');
        const key = `${env}\t${channel}`;
        const rollup = rollups.get(key) ?? emptyRollup();
        rollups.set(key, rollup);
        addStart(rollup, startedAt);
        addEntries(rollup, entries, hourOf(startedAt));
        const userTexts = entries.filter((e) => e.args.who === 'user').map((e) => e.value ?? '');
        rows.push({
          project_id: projectId,
          project_env: env,
          user_id: channel === 'console' ? userId : null,
          // Nobody holds a token of these conversations: they cannot be continued.
          token_hash: randomBytes(32).toString('hex'),
          started_at: new Date(startedAt),
          last_activity_at: new Date(at),
          tracker: entries,
          last_ts: at * 1000,
          variables: JSON.stringify(variables),
          projects: JSON.stringify([projectId]),
          ended: flow.end,
          labels: JSON.stringify([DEMO_HISTORY_LABEL]),
          messages: userTexts.length,
          preview: userTexts[0]?.slice(0, 200) ?? '',
          search_text: entries
            .filter((e) => e.type === 'utter')
            .map((e) => e.value)
            .join('\n')
            .slice(0, 4000),
        });
      }
    }
  }
  const ids = await insertConversationRows(db, rows);
  await seedUnclassified(
    db,
    projectId,
    [...notUnderstood].map(([phrase, said]) => ({ phrase, conversationIds: said.map((row) => ids[row]!) })),
  );
  for (const [key, rollup] of rollups) {
    const [env, channel] = key.split('\t') as ['prod' | 'dev', StatsChannel];
    await writeRollup(db, { projectId, env, userId: channel === 'console' ? userId : null }, rollup);
  }
  await insertLabelRow(db, { project_id: projectId, name: DEMO_HISTORY_LABEL, color: 'gray' });
}

/** The first off-topic phrases far more often than the last (a Zipf-like tail). */
function weightedOffTopic(random: () => number): string {
  return OFF_TOPIC[Math.floor(OFF_TOPIC.length * random() ** 2.5)]!;
}
