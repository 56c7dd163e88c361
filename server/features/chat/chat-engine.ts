import type { ChatResponse, TrackerEntry } from '../../../src/api/contract/chat.ts';
import type { Db } from '../../db/database.ts';
import { DomainError } from '../../domain-errors.ts';
import { loadConversation } from './conversations.ts';
import type { ChatBus } from './chat-bus.ts';
import type { ChatCaller } from './chat-caller.ts';
import type { ConversationState } from '../../chat/conversation-state.ts';
import { type TurnInput, runTurn } from '../../chat/run-turn.ts';
import type { BotSource, BotStamps } from '../deployments/bot-source.ts';
import type { TurnCaller } from './chat-caller.ts';
import { TurnReads } from './turn-read.ts';
import { entriesForClient } from '../../chat/tracker.ts';
import { callWebhook } from '../../webhook/call-webhook.ts';
import {
  type ConversationWrite,
  type StoredConversation,
  conversationBusy,
  conversationCreates,
  conversationWrites,
  markBusy,
  newConversationToken,
} from './conversation-writes.ts';

/** How long a turn may mark its conversation busy (the longest webhook plus margin). */
const BUSY_SECONDS = 45;

/** What a turn reports when metrics are on (server/features/metrics/app-metrics.ts is one). */
export interface TurnObserver {
  /** A turn ran: its input's kind (start, message, timeout) and its seconds, from the read to the stored write. */
  turn(kind: string, seconds: number): void;
  classified(seconds: number): void;
  knowledgeSearched(answered: boolean): void;
}

export const conversationEnded = () => new DomainError('ended', 'Conversation ended.');

/**
 * The chat calls over the runtime: load the conversation and the bot snapshot, run one turn, store what it
 * wrote (before slow actions too, for provisional responses), tell the other processes, answer the
 * entries after the client's last_ts. Turns of one conversation run one at a time in this process; another
 * process writing meanwhile makes the store answer 409.
 */
export class ChatEngine {
  private readonly db: Db;
  private readonly bus: ChatBus;
  private readonly bots: BotSource;
  private readonly running = new Map<number, Promise<unknown>>();
  /** Turns that end together are stored by one statement (issue 15); each answer waits for its commit. */
  private readonly writes: ReturnType<typeof conversationWrites>;
  /** Messages that arrive together share their read too. */
  private readonly reads: TurnReads;
  private readonly observer: TurnObserver | null;
  /** And conversations that open together, their insert (issue 35). */
  private readonly creates: ReturnType<typeof conversationCreates>;

  constructor(
    db: Db,
    bus: ChatBus,
    bots: BotSource,
    batching: { lingerMs: number } = { lingerMs: 0 },
    observer: TurnObserver | null = null,
  ) {
    this.db = db;
    this.observer = observer;
    this.bus = bus;
    this.bots = bots;
    this.writes = conversationWrites(db, batching.lingerMs);
    this.reads = new TurnReads(db, batching.lingerMs);
    this.creates = conversationCreates(db, batching.lingerMs);
  }

  /**
   * Stores what a turn (or an append) wrote, only if nobody else wrote the conversation since `version` (another
   * server process): otherwise 409. Tells the chat bus (with the write on PostgreSQL). Returns the new version.
   */
  private async store(write: Omit<ConversationWrite, 'notify'>): Promise<number> {
    const notify = write.entries.length > 0 && this.bus.noticeIn(write.id) !== null;
    const version = await this.writes.submit({ ...write, notify });
    if (version === null) throw conversationBusy();
    if (write.entries.length) this.bus.written(write.id);
    return version;
  }

  /**
   * Opens a conversation and runs its @start reaction. Cheap like a message (issue 35 item 1): the caller's project and
   * the bot's stamps come from one read shared with the messages' (`TurnReads.open`), so a warm bot cache reads
   * nothing else; then the new row, and the start turn's write in the batched group commit.
   */
  async start(
    caller: TurnCaller | ChatCaller,
    token: string | undefined,
    getMeta: boolean,
  ): Promise<ChatResponse & { conversation_token: string }> {
    const started = performance.now();
    const conversationToken = token ?? newConversationToken();
    const { projectId, stamps } = await this.reads.open(caller);
    const snapshot = await this.bots.load(projectId, caller.env, stamps);
    const conversation = await this.creates.submit({
      projectId,
      env: caller.env,
      deploymentId: snapshot.deploymentId,
      userId: 'userId' in caller ? caller.userId : null,
      token: conversationToken,
    });
    const answer = await this.turn(conversation, { kind: 'start' }, 0, getMeta, stamps);
    this.observer?.turn('start', (performance.now() - started) / 1000);
    return { ...answer, conversation_token: conversationToken };
  }

  /**
   * A message (or a timer's timeout) in a conversation: one read (`TurnReads`: the caller's token, the
   * conversation, the bot's stamps) and one write (`appendToConversation`) when this process's bot is current.
   */
  async send(
    caller: TurnCaller,
    id: number,
    token: string,
    input: TurnInput,
    lastTs: number,
    getMeta: boolean,
  ): Promise<ChatResponse> {
    return this.exclusive(id, async () => {
      const started = performance.now();
      const { conversation, stamps } = await this.reads.read(caller, { id, token, lastTs });
      if (conversation.state.ended) throw conversationEnded();
      const answer = await this.turn(conversation, input, lastTs, getMeta, stamps);
      this.observer?.turn(input.kind, (performance.now() - started) / 1000);
      return answer;
    });
  }

  /** What is stored after last_ts, and whether a turn is still running (the client keeps polling while it is). */
  async provisional(caller: ChatCaller, id: number, token: string, lastTs: number, getMeta: boolean) {
    const conversation = await loadConversation(this.db, { id, projectId: caller.projectId, env: caller.env, token });
    return {
      conversation_id: id,
      tracker: entriesForClient(conversation.tracker, lastTs, getMeta),
      ended: conversation.state.ended,
      pending: conversation.busy,
    };
  }

  /** Loads a conversation the caller may use (attachments, read-utter). */
  conversation(caller: ChatCaller, id: number, token: string): Promise<StoredConversation> {
    return loadConversation(this.db, { id, projectId: caller.projectId, env: caller.env, token });
  }

  /** Appends entries made outside a turn (attachments, integration messages) and tells the subscribers. */
  async append(
    caller: ChatCaller,
    id: number,
    token: string,
    make: (c: StoredConversation) => TrackerEntry[],
    lastTs: number,
    getMeta: boolean,
  ) {
    return this.exclusive(id, async () => {
      const conversation = await loadConversation(this.db, { id, projectId: caller.projectId, env: caller.env, token });
      if (conversation.state.ended) throw conversationEnded();
      const entries = make(conversation);
      await this.store({ id, version: conversation.version, entries, state: conversation.state, busySeconds: 0 });
      return {
        conversation_id: id,
        tracker: entriesForClient([...conversation.tracker, ...entries], lastTs, getMeta),
        ended: conversation.state.ended,
      };
    });
  }

  /**
   * Ends a conversation from outside a turn (the phone call it ran on ended): `make`'s entries say why, and the
   * conversation is stored as ended, so logs and statistics no longer count it as open. One already ended: nothing.
   */
  async end(caller: ChatCaller, id: number, token: string, make: (c: StoredConversation) => TrackerEntry[]) {
    await this.exclusive(id, async () => {
      const conversation = await loadConversation(this.db, { id, projectId: caller.projectId, env: caller.env, token });
      if (conversation.state.ended) return;
      await this.store({
        id,
        version: conversation.version,
        entries: make(conversation),
        state: { ...conversation.state, ended: true },
        busySeconds: 0,
      });
    });
  }

  private async turn(
    conversation: StoredConversation,
    input: TurnInput,
    lastTs: number,
    getMeta: boolean,
    stamps?: BotStamps,
  ): Promise<ChatResponse> {
    const snapshot = await this.bots.load(conversation.projectId, conversation.env, stamps);
    let version = conversation.version;
    let busy = false;
    // Phrases below the threshold, counted by the next write (so only when the turn is stored).
    let unclassified: string[] = [];
    const store = async (entries: TrackerEntry[], state: ConversationState, stillBusy: boolean) => {
      version = await this.store({
        id: conversation.id,
        version,
        entries,
        state,
        busySeconds: stillBusy ? BUSY_SECONDS : 0,
        unclassified,
      });
      unclassified = [];
    };
    let stored = 0;
    const result = await runTurn(snapshot, conversation.id, conversation.state, conversation.lastTs, input, {
      countUnclassified: async (text) => {
        unclassified.push(text);
      },
      checkpoint: async (entries, state) => {
        if (!busy) {
          busy = true;
          if (entries.length === 0) version = await markBusy(this.db, conversation.id, version, BUSY_SECONDS);
        }
        await store(entries, state, true);
        stored += entries.length;
      },
      callWebhook,
      classified: (seconds) => this.observer?.classified(seconds),
      knowledgeSearched: (answered) => this.observer?.knowledgeSearched(answered),
    });
    await store(result.entries.slice(stored), result.state, false);
    return {
      conversation_id: conversation.id,
      tracker: entriesForClient([...conversation.tracker, ...result.entries], lastTs, getMeta),
      ended: result.state.ended,
    };
  }

  /** One turn at a time per conversation in this process. */
  private async exclusive<T>(id: number, work: () => Promise<T>): Promise<T> {
    const previous = this.running.get(id) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => {});
    this.running.set(id, settled);
    try {
      return await next;
    } finally {
      if (this.running.get(id) === settled) this.running.delete(id);
    }
  }
}
