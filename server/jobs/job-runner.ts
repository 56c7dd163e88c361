import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/database.ts';
import { type Job, failAbandonedJobs, finishJob, heartbeat, takeJob } from './job-queue.ts';

/** Runs one job; throwing marks it failed with the error's message. */
export type JobHandler = (db: Db, job: Job) => Promise<void>;

export interface JobRunnerOptions {
  /** How often an idle runner looks for work (other processes may have queued some). */
  pollMs?: number;
  heartbeatMs?: number;
  /** Jobs run at once by this runner. Training already spreads over worker threads, so 1 by default. */
  concurrency?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * Takes jobs from the queue and runs them: in the server process (the embedded default) or in separate
 * worker processes (`node server/worker-main.ts`), all sharing the table through SKIP LOCKED.
 */
export class JobRunner {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly db: Db;
  private readonly handlers: Map<string, JobHandler>;
  private readonly pollMs: number;
  private readonly heartbeatMs: number;
  private readonly concurrency: number;
  private readonly log: (message: string, error?: unknown) => void;
  private running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private looking: Promise<void> | null = null;
  private lookAgain = false;

  constructor(db: Db, handlers: Record<string, JobHandler>, options: JobRunnerOptions = {}) {
    this.db = db;
    this.handlers = new Map(Object.entries(handlers));
    this.pollMs = options.pollMs ?? 1000;
    this.heartbeatMs = options.heartbeatMs ?? 15_000;
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.log = options.log ?? ((message, error) => console.error(message, error ?? ''));
  }

  start(): this {
    if (!this.stopped) return this;
    this.stopped = false;
    this.schedule(0);
    return this;
  }

  /** Look for work now (a job was just queued in this process). */
  kick(): void {
    if (this.stopped) return;
    if (this.looking !== null) this.lookAgain = true;
    else this.schedule(0);
  }

  /** Stops taking jobs and waits for the ones running to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // A look in flight holds a connection: let it finish before the caller closes the database.
    await this.looking;
    await Promise.allSettled([...this.running]);
  }

  /** Resolves when nothing runs here (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.looking !== null || this.stopped) return;
      this.looking = this.look().finally(() => {
        this.looking = null;
        if (this.stopped) return;
        if (this.lookAgain) {
          this.lookAgain = false;
          this.schedule(0);
        } else this.schedule(this.pollMs);
      });
    }, ms);
    this.timer.unref?.();
  }

  private async look(): Promise<void> {
    try {
      while (!this.stopped && this.running.size < this.concurrency) {
        const job = await takeJob(this.db, this.workerId, [...this.handlers.keys()]);
        if (!job) break;
        const run = this.run(job).finally(() => {
          this.running.delete(run);
          this.kick();
        });
        this.running.add(run);
      }
      if (!this.stopped) await failAbandonedJobs(this.db);
    } catch (error) {
      if (!this.stopped) this.log('job runner: cannot take jobs', error);
    }
  }

  private async run(job: Job): Promise<void> {
    const beat = setInterval(() => {
      heartbeat(this.db, job.id, this.workerId).catch(() => {});
    }, this.heartbeatMs);
    beat.unref?.();
    let error: string | undefined;
    try {
      await this.handlers.get(job.kind)!(this.db, job);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      this.log(`job ${job.id} (${job.kind}) failed`, e);
    } finally {
      clearInterval(beat);
    }
    try {
      await finishJob(this.db, job.id, this.workerId, { error });
    } catch (e) {
      if (!this.stopped) this.log(`job ${job.id}: cannot record its end`, e);
    }
  }
}
