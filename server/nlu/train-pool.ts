import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { runTrainJob } from './train-job.ts';
import type { TrainJob } from './train-job.ts';

/** Below this much work (examples × classes) starting threads costs more than it saves. */
const IN_THREAD_WORK = 150_000;

interface Pending {
  resolve: (weights: Float32Array[]) => void;
  reject: (error: Error) => void;
}

/** Worker threads that train one-vs-rest classes in parallel; reused across the folds of an evaluation. */
export class TrainPool {
  private readonly size: number;
  private workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(size = Math.min(2, availableParallelism())) {
    this.size = Math.max(1, size);
  }

  private start(): Worker[] {
    if (this.workers.length === 0) {
      for (let i = 0; i < this.size; i++) {
        const worker = new Worker(new URL('./train-worker.ts', import.meta.url));
        worker.on('message', (message: { id: number; weights?: Float32Array[]; error?: string }) => {
          const pending = this.pending.get(message.id);
          if (!pending) return;
          this.pending.delete(message.id);
          if (message.error) pending.reject(new Error(message.error));
          else pending.resolve(message.weights!);
        });
        worker.on('error', (error) => {
          for (const pending of this.pending.values()) pending.reject(error);
          this.pending.clear();
        });
        this.workers.push(worker);
      }
    }
    return this.workers;
  }

  /** Whether a job of this size goes to the worker threads (smaller ones run in the calling thread). */
  usesWorkers(rows: number, classes: number): boolean {
    return this.size > 1 && rows * classes >= IN_THREAD_WORK;
  }

  /** Starts the threads now, so that loading their modules overlaps with the caller's featurisation. */
  warmUp(): void {
    this.start();
  }

  /** Trains every class of `job`, split round-robin across the workers; weights come back in class order. */
  async train(job: TrainJob): Promise<Float32Array[]> {
    if (!this.usesWorkers(job.matrix.rows, job.classes.length)) return runTrainJob(job);
    const workers = this.start();
    const shares = workers.map((_, w) => job.classes.filter((_, i) => i % workers.length === w));
    const results = await Promise.all(
      workers.map(
        (worker, w) =>
          new Promise<Float32Array[]>((resolve, reject) => {
            if (shares[w]!.length === 0) return resolve([]);
            const id = this.nextId++;
            this.pending.set(id, { resolve, reject });
            worker.postMessage({ id, job: { ...job, classes: shares[w] } });
          }),
      ),
    );
    return job.classes.map((_, i) => results[i % workers.length]![Math.floor(i / workers.length)]!);
  }

  async close(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
