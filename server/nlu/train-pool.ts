import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { DocumentFrequency } from './document-frequency.ts';
import type { FeaturizeJob } from './featurize-job.ts';
import type { SparseMatrix } from './sparse-matrix.ts';
import { vocabularyOf } from './tfidf.ts';
import type { Vocabulary } from './tfidf.ts';
import { runTrainJob } from './train-job.ts';
import type { TrainJob } from './train-job.ts';
import type { FitRequest, WorkerRequest } from './train-messages.ts';
import type { ModelParts, TrainedWeights } from './model-parts.ts';
import type { WeightedRows } from './training-matrix.ts';

/** Below this much work (examples × classes) starting threads costs more than it saves. */
const IN_THREAD_WORK = 150_000;

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Worker threads that featurise the sentences and train the one-vs-rest classes in parallel; reused
 * across the folds of an evaluation.
 */
export class TrainPool {
  private readonly size: number;
  private workers: Worker[] = [];
  /** Requests each worker has not answered yet (whole fits go to the least busy one). */
  private busy: number[] = [];
  private readonly pending = new Map<number, Pending & { worker: number }>();
  private nextId = 1;

  constructor(size = Math.min(2, availableParallelism())) {
    this.size = Math.max(1, size);
  }

  /** How many models can be fitted side by side (the folds of an evaluation). */
  get parallelism(): number {
    return this.size;
  }

  /** Whether a job of this size goes to the worker threads (smaller ones run in the calling thread). */
  usesWorkers(rows: number, classes: number): boolean {
    return this.size > 1 && rows * classes >= IN_THREAD_WORK;
  }

  /** Starts the threads now, so that loading their modules overlaps with the caller's own work. */
  warmUp(): void {
    this.start();
  }

  private start(): Worker[] {
    if (this.workers.length === 0) {
      for (let i = 0; i < this.size; i++) {
        const worker = new Worker(new URL('./train-worker.ts', import.meta.url));
        worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
          const pending = this.pending.get(message.id);
          if (!pending) return;
          this.pending.delete(message.id);
          this.busy[pending.worker]!--;
          if (message.error) pending.reject(new Error(message.error));
          else pending.resolve(message.result);
        });
        worker.on('error', (error) => {
          for (const pending of this.pending.values()) pending.reject(error);
          this.pending.clear();
        });
        this.workers.push(worker);
        this.busy.push(0);
      }
    }
    return this.workers;
  }

  private request<T>(worker: Worker, request: WithoutId<WorkerRequest>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const id = this.nextId++;
      const index = this.workers.indexOf(worker);
      this.busy[index]!++;
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject, worker: index });
      worker.postMessage({ ...request, id });
    });
  }

  /**
   * Featurises and vectorises the sentences across the threads: each thread hashes its share and counts
   * document frequencies, this thread merges them into the vocabulary, then each thread vectorises its share.
   */
  async vectorize(job: FeaturizeJob, minDf: number): Promise<{ vocabulary: Vocabulary; rows: WeightedRows[] }> {
    const workers = this.start();
    const share = Math.ceil(job.texts.length / workers.length);
    const key = this.nextId++;
    const counts = await Promise.all(
      workers.map((worker, w) =>
        this.request<{ hashes: Uint32Array; counts: Int32Array; documents: number }>(worker, {
          kind: 'featurize',
          key,
          job: { ...job, texts: job.texts.slice(w * share, (w + 1) * share) },
        }),
      ),
    );
    const frequency = new DocumentFrequency();
    for (const part of counts) frequency.merge(part.hashes, part.counts, part.documents);
    const vocabulary = vocabularyOf(frequency, minDf);
    const rows = await Promise.all(
      workers.map((worker) =>
        this.request<WeightedRows>(worker, {
          kind: 'vectorize',
          key,
          table: vocabulary.table,
          idf: vocabulary.idf,
          charWeight: job.features.charWeight,
        }),
      ),
    );
    return { vocabulary, rows };
  }

  /** Trains every class of `job` (one-vs-rest: split round-robin across the workers); weights in class order. */
  async train(job: TrainJob): Promise<TrainedWeights> {
    if (!this.usesWorkers(job.matrix.rows, job.classes.length)) return runTrainJob(job);
    const workers = this.start();
    // One joint problem: a single thread trains it, off the caller's thread.
    if (job.solver === 'crammer-singer') return this.request<TrainedWeights>(workers[0]!, { kind: 'train', job });
    const shares = workers.map((_, w) => job.classes.filter((_, i) => i % workers.length === w));
    const results = await Promise.all(
      workers.map((worker, w) =>
        shares[w]!.length === 0
          ? Promise.resolve(null)
          : this.request<TrainedWeights>(worker, { kind: 'train', job: { ...job, classes: shares[w]! } }),
      ),
    );
    // Class i was the (i / workers)-th of worker i % workers's share.
    const classes = job.classes.length;
    const { columns } = job.matrix;
    const w = new Float32Array((columns + 1) * classes);
    for (let i = 0; i < classes; i++) {
      const part = results[i % workers.length]!;
      const k = Math.floor(i / workers.length);
      for (let j = 0; j <= columns; j++) w[j * classes + i] = part.w[j * part.stride + k]!;
    }
    return { classes, columns, stride: classes, w };
  }

  /** Fits a whole model in the least busy thread: folds fitted side by side each keep one thread busy. */
  fit(request: FitRequest): Promise<ModelParts> {
    const workers = this.start();
    const idlest = this.busy.indexOf(Math.min(...this.busy));
    return this.request<ModelParts>(workers[idlest]!, { kind: 'fit', fit: request });
  }

  async close(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    this.busy = [];
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** Rows of several threads, in order, as one matrix in shared memory. */
export function packedMatrix(parts: readonly WeightedRows[], columns: number): SparseMatrix {
  let rows = 0;
  let nonZeros = 0;
  for (const part of parts) {
    rows += part.rowStart.length - 1;
    nonZeros += part.columnIndex.length;
  }
  const rowStart = new Int32Array(new SharedArrayBuffer(4 * (rows + 1)));
  const columnIndex = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, nonZeros)));
  const value = new Float32Array(new SharedArrayBuffer(4 * Math.max(1, nonZeros)));
  let row = 0;
  let offset = 0;
  for (const part of parts) {
    columnIndex.set(part.columnIndex, offset);
    value.set(part.value, offset);
    for (let r = 0; r + 1 < part.rowStart.length; r++) rowStart[row++] = offset + part.rowStart[r]!;
    offset += part.columnIndex.length;
  }
  rowStart[rows] = offset;
  return { rows, columns, rowStart, columnIndex, value };
}
