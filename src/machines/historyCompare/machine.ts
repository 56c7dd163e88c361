import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import type { DeletedItem } from '../../api/contract/audit.ts';
import { historyCompareActors, type TabSnapshots } from './actors.ts';
import type { HistoryCompareEvent } from './events.ts';
import { checkPoints, defaultPoints, formatPoint, toMtime } from './pointInTime.ts';
import type { HistoryTab } from './tabs.ts';

export interface HistoryCompareInput {
  /** Tabs whose resource the user may GET, in display order. */
  tabs: HistoryTab[];
  /** GET on /audit/deleted: the "Show deleted items" switch. */
  canAudit: boolean;
  /** The clock in milliseconds, for the default From (today 00:00:00) and To (now). */
  now: number;
}

/** The two points of the last Compare, in seconds (column titles) and microseconds (what the server is asked). */
export interface ComparedPair {
  from: number;
  to: number;
  fromMtime: number;
  toMtime: number;
}

export interface HistoryCompareContext {
  tabs: HistoryTab[];
  canAudit: boolean;
  /** The inputs' texts as typed; validity is derived from them (pointInTime.ts checkPoints). */
  fromText: string;
  toText: string;
  /** The active tab; null only when the user may read none of the resources. */
  tab: HistoryTab | null;
  showDeleted: boolean;
  pair: ComparedPair | null;
  /** Results of the current pair by tab, so switching back does not fetch again. */
  loaded: Partial<Record<HistoryTab, TabSnapshots>>;
  /** Items deleted after the pair's From (every resource); null until asked for this pair. */
  deleted: DeletedItem[] | null;
}

const isOtherPermittedTab = (context: HistoryCompareContext, tab: HistoryTab) =>
  context.tabs.includes(tab) && tab !== context.tab;

/** The History screen (spec 2 §2): compare the project at two points in time, one tab per resource. */
export const historyCompareMachine = setup({
  types: {
    context: {} as HistoryCompareContext,
    events: {} as HistoryCompareEvent,
    input: {} as HistoryCompareInput,
  },
  actors: historyCompareActors,
  guards: {
    timesValid: ({ context }) => {
      const { fromError, toError } = checkPoints(context.fromText, context.toText);
      return context.tab !== null && fromError === null && toError === null;
    },
    /** A permitted tab other than the active one (clicking the active tab changes nothing). */
    tabSwitchable: ({ context }, params: { tab: HistoryTab }) => isOtherPermittedTab(context, params.tab),
    /** ...which already has everything the ready view needs for the current pair. */
    tabShown: ({ context }, params: { tab: HistoryTab }) =>
      isOtherPermittedTab(context, params.tab) &&
      context.pair !== null &&
      context.loaded[params.tab] !== undefined &&
      (!context.showDeleted || context.deleted !== null),
    /** ...which is not loaded yet for a compared pair. */
    tabFetchable: ({ context }, params: { tab: HistoryTab }) =>
      isOtherPermittedTab(context, params.tab) && context.pair !== null,
    /** The switch is permitted and actually flips. */
    auditToggles: ({ context }, params: { on: boolean }) => context.canAudit && params.on !== context.showDeleted,
    /** Turning the switch on for a compared pair whose deleted items were never asked for. */
    deletedMissing: ({ context }, params: { on: boolean }) =>
      context.canAudit && params.on && !context.showDeleted && context.pair !== null && context.deleted === null,
  },
  actions: {
    selectTab: assign((_, params: { tab: HistoryTab }) => ({ tab: params.tab })),
    setAudit: assign((_, params: { on: boolean }) => ({ showDeleted: params.on })),
    /** A new pair: earlier results belong to other times. */
    startPair: assign(({ context }) => {
      const { from, to } = checkPoints(context.fromText, context.toText);
      const pair = from === null || to === null ? null : { from, to, fromMtime: toMtime(from), toMtime: toMtime(to) };
      return { pair, loaded: {}, deleted: null };
    }),
    rememberFromText: assign({
      fromText: (_, event: Extract<HistoryCompareEvent, { type: 'history.from' }>) => event.text,
    }),
    rememberToText: assign({ toText: (_, event: Extract<HistoryCompareEvent, { type: 'history.to' }>) => event.text }),
    storeLoadedAndDeleted: assign(
      ({ context }, event: DoneActorEvent<OutputFrom<(typeof historyCompareActors)['loadComparison']>>) => ({
        loaded:
          context.tab && !context.loaded[context.tab] && event.output.snapshots
            ? { ...context.loaded, [context.tab]: event.output.snapshots }
            : context.loaded,
        deleted: context.showDeleted && context.deleted === null ? (event.output.deleted ?? null) : context.deleted,
      }),
    ),
  },
}).createMachine({
  id: 'historyCompare',
  description: 'Two points in time, a tab per resource, and the differences between them.',
  context: ({ input }) => {
    const { from, to } = defaultPoints(input.now);
    return {
      tabs: input.tabs,
      canAudit: input.canAudit,
      fromText: formatPoint(from),
      toText: formatPoint(to),
      tab: input.tabs[0] ?? null,
      showDeleted: false,
      pair: null,
      loaded: {},
      deleted: null,
    };
  },
  initial: 'idle',
  on: {
    'history.from': { actions: { type: 'rememberFromText', params: ({ event }) => event } },
    'history.to': { actions: { type: 'rememberToText', params: ({ event }) => event } },
    'history.compare': { guard: 'timesValid', target: '.loading', actions: 'startPair' },
    'history.tab': [
      {
        guard: { type: 'tabShown', params: ({ event }) => ({ tab: event.tab }) },
        target: '.ready',
        actions: { type: 'selectTab', params: ({ event }) => ({ tab: event.tab }) },
      },
      {
        guard: { type: 'tabFetchable', params: ({ event }) => ({ tab: event.tab }) },
        target: '.loading',
        actions: { type: 'selectTab', params: ({ event }) => ({ tab: event.tab }) },
      },
      {
        guard: { type: 'tabSwitchable', params: ({ event }) => ({ tab: event.tab }) },
        actions: { type: 'selectTab', params: ({ event }) => ({ tab: event.tab }) },
      },
    ],
    'history.audit': [
      {
        guard: { type: 'deletedMissing', params: ({ event }) => ({ on: event.on }) },
        target: '.loading',
        actions: { type: 'setAudit', params: ({ event }) => ({ on: event.on }) },
      },
      {
        guard: { type: 'auditToggles', params: ({ event }) => ({ on: event.on }) },
        actions: { type: 'setAudit', params: ({ event }) => ({ on: event.on }) },
      },
    ],
  },
  states: {
    idle: {
      description: 'Nothing compared yet: the user chooses two points in time and presses Compare.',
    },
    loading: {
      description:
        "The active tab's resource is fetched at both times in parallel, with its changes in between (and the deleted items when the switch is on).",
      tags: ['loading'],
      invoke: {
        id: 'loadComparison',
        src: 'loadComparison',
        input: ({ context }) => ({
          // The guards that lead here ensure a pair and a tab.
          tab: context.tab as HistoryTab,
          fromMtime: context.pair?.fromMtime ?? 0,
          toMtime: context.pair?.toMtime ?? 0,
          loadTab: context.tab !== null && context.loaded[context.tab] === undefined,
          loadDeleted: context.showDeleted && context.deleted === null,
        }),
        onDone: {
          target: 'ready',
          // Only what this load was for: the active tab (unchanged while loading) and the deleted items if asked.
          actions: { type: 'storeLoadedAndDeleted', params: ({ event }) => event },
        },
        onError: 'failed',
      },
    },
    ready: {
      description:
        'The differences of the active tab between the two times (or "No differences."), who changed what, and deleted items when asked.',
    },
    failed: {
      description: 'The history could not be loaded; Retry asks again for the same tab and times.',
      on: { 'history.retry': 'loading' },
    },
  },
});
