import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../../db/database.ts';
import { poolStatsOf } from '../../db/pool-stats.ts';

/** Seconds buckets of a request or a chat turn: from a cached answer (1 ms) to a slow webhook (10 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Classification is in-process arithmetic: finer buckets below a millisecond. */
const CLASSIFY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1];

/**
 * One Prometheus registry per app (server/app-scope.ts creates it when METRICS_TOKEN is set), so several apps in one
 * process (tests) never share a series. Counters and histograms are this process's; the job, campaign-call and
 * database-pool gauges are read when Prometheus scrapes (the job and call counts from the shared database: every
 * instance reports the same figure, so dashboards take `max`, not `sum`, of them).
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly turnDuration: Histogram<'kind'>;
  private readonly turns: Counter<'kind'>;
  private readonly classifyDuration: Histogram;
  private readonly knowledgeSearches: Counter<'result'>;

  constructor(db: Db) {
    const registers = [this.registry];
    // Process memory, CPU, event-loop delay (nodejs_eventloop_lag_*), handles: prom-client's own set.
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    this.httpDuration = new Histogram({
      name: 'console_http_request_duration_seconds',
      help: 'HTTP requests by method, route (the template, not the URL) and status code, with their latency.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.turns = new Counter({
      name: 'console_chat_turns_total',
      help: 'Chat turns this process ran (a conversation started, a message, a timer), by input kind.',
      labelNames: ['kind'],
      registers,
    });
    // Each kind's series exists from the start at 0, so increase() and rate() see the first turns too.
    for (const kind of ['start', 'message', 'timeout']) this.turns.inc({ kind }, 0);
    this.turnDuration = new Histogram({
      name: 'console_chat_turn_duration_seconds',
      help: 'How long a chat turn took, from its read to its stored write, by input kind.',
      labelNames: ['kind'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.classifyDuration = new Histogram({
      name: 'console_nlu_classification_duration_seconds',
      help: 'How long the language model took to classify a chat message.',
      buckets: CLASSIFY_BUCKETS,
      registers,
    });
    this.knowledgeSearches = new Counter({
      name: 'console_knowledge_searches_total',
      help: 'Knowledge base searches for messages no intent took: result="answered" or "not_answered".',
      labelNames: ['result'],
      registers,
    });
    new Gauge({
      name: 'console_jobs',
      help: 'Jobs in the shared queue by kind (train-draft: trainings) and status (queued, running, failed).',
      labelNames: ['kind', 'status'],
      registers,
      async collect() {
        this.reset();
        const rows = await db
          .selectFrom('jobs')
          .select(['kind', 'status', (eb) => eb.fn.countAll<number>().as('n')])
          .where('status', 'in', ['queued', 'running', 'failed'])
          .groupBy(['kind', 'status'])
          .execute();
        for (const row of rows) this.set({ kind: row.kind, status: row.status }, Number(row.n));
      },
    });
    new Gauge({
      name: 'console_campaign_calls',
      help: 'Outbound campaign calls by project and status (queued, dialling, answered, completed, failed).',
      labelNames: ['project_id', 'status'],
      registers,
      async collect() {
        this.reset();
        const rows = await db
          .selectFrom('outbound_calls')
          .innerJoin('outbound_campaigns', 'outbound_campaigns.id', 'outbound_calls.campaign_id')
          .select(['outbound_campaigns.project_id', 'outbound_calls.status', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy(['outbound_campaigns.project_id', 'outbound_calls.status'])
          .execute();
        for (const row of rows) this.set({ project_id: String(row.project_id), status: row.status }, Number(row.n));
      },
    });
    const pool = poolStatsOf(db);
    new Gauge({
      name: 'console_db_pool_connections',
      help: 'This process\'s database connections: state="in_use" (checked out) or "idle" (PGlite: one).',
      labelNames: ['state'],
      registers,
      collect() {
        if (!pool) return;
        this.set({ state: 'in_use' }, pool.inUse());
        this.set({ state: 'idle' }, pool.idle());
      },
    });
    new Gauge({
      name: 'console_db_pool_waiting',
      help: 'Queries of this process waiting for a database connection.',
      registers,
      collect() {
        if (pool) this.set(pool.waiting());
      },
    });
  }

  /** One answered request (Fastify's onResponse): the route's template keeps the label set small. */
  request(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    this.httpDuration.observe({ method, route: route ?? 'unmatched', status_code: String(statusCode) }, seconds);
  }

  /** The chat engine's TurnObserver (server/features/chat/chat-engine.ts). */
  turn(kind: string, seconds: number): void {
    this.turns.inc({ kind });
    this.turnDuration.observe({ kind }, seconds);
  }

  classified(seconds: number): void {
    this.classifyDuration.observe(seconds);
  }

  knowledgeSearched(answered: boolean): void {
    this.knowledgeSearches.inc({ result: answered ? 'answered' : 'not_answered' });
  }

  /** Drops every series (the app closed); prom-client's event-loop histogram has no stop and costs nothing idle. */
  close(): void {
    this.registry.clear();
  }
}
