// `npm run statecharts -- --since`: every kind of change between two versions of a chart is reported.
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { diffCharts, summarize } from '../../scripts/statecharts/diff.ts';
import { describeMachine } from '../../scripts/statecharts/machine-definition.ts';

// Two versions of one small chart, as the JSON `git show <rev>:docs/statecharts/<m>.json` would give.
const before = describeMachine(
  createMachine({
    id: 'doc',
    initial: 'idle',
    states: {
      idle: { description: 'Nothing yet.', on: { 'doc.load': 'loading', 'doc.help': 'help' } },
      loading: {
        tags: ['loading'],
        invoke: { id: 'fetchDoc', src: 'fetchDoc', onDone: 'ready', onError: 'idle' },
        after: { loadTimeout: 'idle' },
      },
      help: { on: { 'doc.close': 'idle' } },
      ready: {
        entry: 'focus',
        on: { 'doc.edit': { target: 'idle', guard: 'canEdit', actions: 'track' } },
      },
    },
  }),
);
const after = describeMachine(
  createMachine({
    id: 'doc',
    initial: 'idle',
    states: {
      idle: { description: 'Nothing loaded yet.', on: { 'doc.load': 'loading' } },
      loading: {
        tags: ['busy', 'loading'],
        invoke: { id: 'fetchDoc', src: 'fetchDoc', onDone: 'ready', onError: 'failed' },
        after: { slowLoadTimeout: 'idle' },
      },
      failed: { on: { 'doc.retry': 'loading' } },
      ready: {
        entry: 'focus',
        exit: 'blur',
        on: { 'doc.edit': { target: 'editing', guard: 'canWrite', actions: ['track', 'lock'] } },
      },
      editing: {},
    },
  }),
);

describe('diffCharts', () => {
  const changes = diffCharts('doc', before, after);

  it('reports states added, removed and changed, with each changed field before and after', () => {
    expect(changes.status).toBe('changed');
    expect(changes.states.added.sort()).toEqual(['doc.editing', 'doc.failed']);
    expect(changes.states.removed).toEqual(['doc.help']);
    expect(changes.states.changed).toEqual([
      { id: 'doc.idle', changes: [{ field: 'description', before: 'Nothing yet.', after: 'Nothing loaded yet.' }] },
      { id: 'doc.loading', changes: [{ field: 'tags', before: 'loading', after: 'busy, loading' }] },
      { id: 'doc.ready', changes: [{ field: 'exit', before: null, after: 'blur' }] },
    ]);
  });

  it('reports transitions added, removed and changed: target, guard, actions, delay', () => {
    expect(changes.transitions.added).toEqual([
      { key: 'doc.failed|doc.retry|0', source: 'doc.failed', label: 'doc.retry' },
    ]);
    expect(changes.transitions.removed.map((t) => t.key).sort()).toEqual([
      'doc.help|doc.close|0',
      'doc.idle|doc.help|0',
    ]);
    const changed = Object.fromEntries(changes.transitions.changed.map((t) => [t.label, t.changes]));
    expect(changed).toEqual({
      'error: fetchDoc': [{ field: 'targets', before: 'doc.idle', after: 'doc.failed' }],
      'after slowLoadTimeout': [{ field: 'delay', before: 'loadTimeout', after: 'slowLoadTimeout' }],
      'doc.edit [canWrite]': [
        { field: 'targets', before: 'doc.idle', after: 'doc.editing' },
        { field: 'guard', before: 'canEdit', after: 'canWrite' },
        { field: 'actions', before: 'track', after: 'track, lock' },
      ],
    });
    expect(summarize(changes)).toBe(
      'doc: 2 states added, 1 state removed, 3 states changed, 1 transition added, 2 transitions removed, 3 transitions changed',
    );
  });

  it('tells a new machine, a removed one and an unchanged one', () => {
    expect(diffCharts('doc', undefined, after)).toMatchObject({
      status: 'added',
      states: { added: expect.any(Array) },
    });
    expect(diffCharts('doc', before, undefined).status).toBe('removed');
    expect(diffCharts('doc', after, structuredClone(after))).toMatchObject({
      status: 'unchanged',
      states: { added: [], removed: [], changed: [] },
      transitions: { added: [], removed: [], changed: [] },
    });
  });
});
