import { describe, expect, it } from 'vitest';
import type { TrackerEntry } from '../../src/api/contract/chat.ts';
import type { Reaction } from '../../src/api/contract/reactions.ts';
import type { BotSnapshot, Classifier } from '../../server/chat/bot-snapshot.ts';
import { conditionError } from '../../server/chat/condition.ts';
import type { ConversationState } from '../../server/chat/conversation-state.ts';
import { type TurnHooks, type TurnInput, runTurn } from '../../server/chat/run-turn.ts';
import { entriesForClient } from '../../server/chat/tracker.ts';

/** A classifier that answers what the text says: "intent:name@0.9 entity=value". */
const scriptedModel: Classifier = {
  classify(text, options) {
    const m = /intent:(\S+?)@([\d.]+)/.exec(text);
    const confidence = m ? Number(m[2]) : 0;
    const name = m?.[1] ?? null;
    const entities = [...text.matchAll(/(\w+)=(\w+)/g)].map((e) => ({
      name: e[1]!,
      value: e[2]!,
      text: e[2]!,
      start: 0,
      end: 0,
    }));
    const intent = name && confidence >= (options?.threshold ?? 0.5) ? { id: 1, name } : null;
    return { intent, confidence, ranking: name ? [{ id: 1, name, confidence }] : [], entities };
  },
};

let nextId = 1;
const reaction = (r: Partial<Reaction> & { name: string }): Reaction => ({
  id: nextId++,
  condition: '',
  intents: [],
  priority: 0,
  reactions_scopes_id: null,
  actions: [],
  ...r,
});
const say = (text: string) => ({ name: 'utter', args: { text }, who: 'bot' as const });

function snapshot(reactions: Reaction[], extra: Partial<BotSnapshot> = {}): BotSnapshot {
  return {
    projectId: 1,
    env: 'draft',
    deploymentId: null,
    language: 'en',
    reactions,
    scopes: [{ id: 7, name: 'checkout' }],
    actions: [],
    settings: { confidenceThreshold: 0.5, multiIntent: false },
    model: scriptedModel,
    entities: [
      {
        id: 1,
        name: 'size',
        type: 'dictionary',
        match: 'exact',
        occurrence: 'single',
        case_insensitive: true,
        values: 'small, large\nhuge',
        __is_system__: false,
      },
    ],
    ...extra,
  };
}

const fresh = (): ConversationState => ({ variables: {}, scopeId: null, projects: [1], timers: {}, ended: false });
const unclassified: string[] = [];
const hooks: TurnHooks = {
  countUnclassified: async (text) => {
    unclassified.push(text);
  },
  checkpoint: async () => {},
  callWebhook: async () => ({ ok: true, status: 200, data: { balance: 42 } }),
};

async function turn(bot: BotSnapshot, input: TurnInput | string, state = fresh()) {
  return runTurn(bot, 1, state, 0, typeof input === 'string' ? { kind: 'message', text: input } : input, hooks);
}
const bot = (entries: TrackerEntry[]) =>
  entries.filter((e) => e.type === 'utter' && e.args.who === 'bot').map((e) => e.value);
const action = (entries: TrackerEntry[], name: string) => entries.find((e) => e.type === 'action' && e.value === name);

describe('reaction choice', () => {
  const reactions = [
    reaction({ name: 'low', intents: ['pay'], priority: 1, actions: [say('low')] }),
    reaction({
      name: 'high',
      intents: ['pay'],
      priority: 9,
      condition: 'variables.vip == true',
      actions: [say('high')],
    }),
    reaction({ name: 'scoped', intents: ['pay'], priority: 20, reactions_scopes_id: 7, actions: [say('scoped')] }),
    reaction({
      name: 'broken',
      intents: ['pay'],
      priority: 30,
      condition: 'variables.x.y.z > "a" - 1',
      actions: [say('broken')],
    }),
    reaction({ name: 'fallback', intents: ['@fallback'], actions: [say('fallback')] }),
  ];

  it('takes the highest priority whose scope is active and whose condition holds', async () => {
    expect(bot((await turn(snapshot(reactions), 'intent:pay@0.9')).entries)).toEqual(['low']);
    expect(
      bot((await turn(snapshot(reactions), 'intent:pay@0.9', { ...fresh(), variables: { vip: true } })).entries),
    ).toEqual(['high']);
    expect(bot((await turn(snapshot(reactions), 'intent:pay@0.9', { ...fresh(), scopeId: 7 })).entries)).toEqual([
      'scoped',
    ]);
  });

  it('runs the fallback and counts the text below the threshold', async () => {
    unclassified.length = 0;
    const result = await turn(snapshot(reactions), 'intent:pay@0.3');
    expect(bot(result.entries)).toEqual(['fallback']);
    expect(unclassified).toEqual(['intent:pay@0.3']);
    expect(result.entries.find((e) => e.type === 'intent')?.value).toBeNull();
  });

  it('falls back (without counting) when no reaction fits a recognised intent', async () => {
    unclassified.length = 0;
    expect(bot((await turn(snapshot(reactions), 'intent:other@0.9')).entries)).toEqual(['fallback']);
    expect(unclassified).toEqual([]);
  });

  it('puts entities into variables and reads them in conditions and utterances', async () => {
    const r = [
      reaction({
        name: 'size',
        intents: ['order'],
        condition: 'entities.size == "large"',
        actions: [say('A {{size}} one for {{name}}')],
      }),
    ];
    const result = await turn(snapshot(r), 'intent:order@0.9 size=large', { ...fresh(), variables: { name: 'Ann' } });
    expect(bot(result.entries)).toEqual(['A large one for Ann']);
    expect(result.state.variables.size).toBe('large');
  });

  it('validates conditions without evaluating JavaScript', () => {
    expect(conditionError('variables.a > 1 && intent == "x"')).toBeNull();
    expect(conditionError('variables.a >')).toMatch(/Unexpected end/);
    expect(conditionError('constructor.constructor("return process")()')).not.toBeNull();
    expect(conditionError('x|nope')).toMatch(/Transform nope/);
  });
});

describe('built-in actions', () => {
  const run = async (actions: Reaction['actions'], state = fresh(), extra: Partial<BotSnapshot> = {}) =>
    turn(
      snapshot([reaction({ name: 'r', intents: ['go'], actions }), reaction({ name: 'later', intents: [] })], extra),
      'intent:go@0.9',
      state,
    );

  it('buttons, links (unsafe ones dropped), image, date picker, select box and entity not found', async () => {
    const { entries } = await run([
      { name: 'buttons', args: { buttons: [{ title: 'Yes' }, { title: 'No', payload: 'nope' }] }, who: 'bot' },
      {
        name: 'links',
        args: {
          links: [
            { title: 'ok', url: 'https://example.com' },
            { title: 'bad', url: 'javascript:alert(1)' },
          ],
        },
        who: 'bot',
      },
      { name: 'image', args: { url: 'https://example.com/a.png' }, who: 'bot' },
      { name: 'date_picker', args: { variable: 'when' }, who: 'bot' },
      { name: 'select_box', args: { entity: 'size' }, who: 'bot' },
      { name: 'select_box', args: { entity: 'colour' }, who: 'bot' },
    ]);
    expect(action(entries, 'buttons')?.args.buttons).toEqual([
      { title: 'Yes', payload: 'Yes' },
      { title: 'No', payload: 'nope' },
    ]);
    expect(action(entries, 'links')?.args.links).toEqual([{ title: 'ok', url: 'https://example.com' }]);
    expect(entries.some((e) => e.type === 'log' && e.level === 40 && String(e.value).includes('javascript:'))).toBe(
      true,
    );
    expect(action(entries, 'image')?.args.url).toBe('https://example.com/a.png');
    expect(action(entries, 'date_picker')?.args.variable).toBe('when');
    const boxes = entries.filter((e) => e.value === 'select_box');
    expect(boxes[0]?.args.values).toEqual(['small', 'large', 'huge']);
    expect(boxes[1]?.args).toMatchObject({ values: null, error: 'Entity not found' });
  });

  it.each([
    ['true', true],
    ['YES', true],
    ['1', true],
    ['no', false],
    ['', false],
  ])('show_input %j -> %s', async (show, visible) => {
    const { entries } = await run([{ name: 'show_input', args: { show }, who: 'bot' }]);
    expect(action(entries, 'show_input')?.args.visible).toBe(visible);
  });

  it.each([
    [{ max: 4 }, { max: 4, finish_on_key: null, timeout: 5 }],
    [
      { max: '6', finish_on_key: '#', timeout: 2 },
      { max: 6, finish_on_key: '#', timeout: 2 },
    ],
    [{}, { max: null, finish_on_key: '#', timeout: 5 }],
    [
      { max: 99, finish_on_key: 'x', timeout: 600 },
      { max: 32, finish_on_key: null, timeout: 30 },
    ],
    [
      { max: 0, finish_on_key: '*' },
      { max: null, finish_on_key: '*', timeout: 5 },
    ],
  ])('collect_digits %j -> %j (what a call gathers next)', async (args, collect) => {
    const { entries } = await run([{ name: 'collect_digits', args, who: 'bot' }]);
    expect(action(entries, 'collect_digits')?.args).toEqual(collect);
  });

  it('timeout and clear_timeout, set_variable, change_scope', async () => {
    const started = await run(
      [
        { name: 'timeout', args: { seconds: 5, reaction: 'later' }, who: 'bot' },
        { name: 'set_variable', args: { name: 'greeting', value: 'hi {{who}}' }, who: 'bot' },
        { name: 'change_scope', args: { scope: 'checkout' }, who: 'bot' },
      ],
      { ...fresh(), variables: { who: 'Bo' } },
    );
    expect(Object.keys(started.state.timers)).toEqual(['later']);
    expect(started.state.variables.greeting).toBe('hi Bo');
    expect(started.state.scopeId).toBe(7);
    const cleared = await run([{ name: 'clear_timeout', args: { reaction: 'later' }, who: 'bot' }], started.state);
    expect(cleared.state.timers).toEqual({});
    const late = await turn(
      snapshot([reaction({ name: 'later', actions: [say('later')] })]),
      { kind: 'timeout', reaction: 'later' },
      cleared.state,
    );
    expect(bot(late.entries)).toEqual([]);
  });

  it('call_end ends and stops the remaining actions; call_transfer adds the project', async () => {
    const ended = await run([{ name: 'call_end', args: {}, who: 'bot' }, say('never')]);
    expect(ended.state.ended).toBe(true);
    expect(bot(ended.entries)).toEqual([]);
    const moved = await run([{ name: 'call_transfer', args: { project_id: 5 }, who: 'bot' }]);
    expect(moved.state).toMatchObject({ ended: true, projects: [1, 5] });
  });

  it('integration redirect, knowledge answer without a knowledge base, webhook answer into variables', async () => {
    const actions = [
      {
        id: 3,
        name: 'crm',
        type: 'webhook' as const,
        url: 'https://crm.example.com',
        method: 'POST' as const,
        headers: {},
        timeout_ms: 1000,
      },
    ];
    const { entries, state } = await run(
      [
        { name: 'integration_redirect', args: { integration: 'desk' }, who: 'bot' },
        { name: 'knowledge_answer', args: { fallback_text: 'I do not know.' }, who: 'bot' },
        { name: 'webhook', args: { action: 'crm', prefix: 'crm_' }, who: 'bot' },
        { name: 'crm', args: {}, who: 'bot' },
      ],
      fresh(),
      { actions },
    );
    expect(action(entries, 'integration_redirect')?.args.integration).toBe('desk');
    // No knowledge index in the snapshot: no answer, said in the log and the knowledge_answer entry.
    expect(entries.some((e) => e.type === 'log' && String(e.value).startsWith('The knowledge base has no index'))).toBe(
      true,
    );
    expect(action(entries, 'knowledge_answer')?.args).toMatchObject({ answered: false });
    expect(bot(entries)).toEqual(['I do not know.']);
    expect(state.variables).toMatchObject({ crm_balance: 42, balance: 42 });
  });

  it('the start reaction, and the client view without meta', async () => {
    const { entries } = await turn(snapshot([reaction({ name: 'hi', intents: ['@start'], actions: [say('Hi')] })]), {
      kind: 'start',
    });
    expect(bot(entries)).toEqual(['Hi']);
    const msg = await turn(snapshot([]), 'intent:x@0.9');
    const view = entriesForClient(msg.entries, 0, false);
    expect(view.some((e) => e.type === 'intent')).toBe(false);
    expect(view[0]?.args).toEqual({ who: 'user' });
    expect(new Set(msg.entries.map((e) => e.timestamp)).size).toBe(msg.entries.length);
  });
});
