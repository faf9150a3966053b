import type { Worker } from "node:worker_threads";
import { SHARED_STATE_BYTES, sharedState, type Limit, type Outcome, type TaskInput, type TaskOutput, type TaskReply, type TaskTable } from "./worker-protocol";

export type PoolOptions = {
  /** Most workers at once; each is started when first needed and then kept. */
  size: number;
  /** Starts a worker that calls `serveTasks`, with `state` as `workerData.state`. */
  spawn: (state: SharedArrayBuffer) => Worker;
  /**
   * A worker idle this long is ended, returning its heap and thread to the system; the next task
   * starts a new one. Without it, workers are kept.
   */
  idleMs?: number;
};

/**
 * `execArgv` of a pool's worker. Outside Next.js (tsx scripts, Vitest) the server runs from its
 * TypeScript sources and so do its workers, which then need tsx's loader; Next.js bundles workers
 * as JavaScript. (In its bundle `import.meta.url` still names the .ts source, so it cannot tell.)
 */
export const WORKER_EXEC_ARGV = process.env.NEXT_RUNTIME ? undefined : ["--import", "tsx"];

/** The input a task stopped at, by its index in the inputs given, and the step it was at (if the task reports steps). */
export type Failure = { index: number; limit: Limit; step?: number };

type Job = {
  task: string;
  inputs: unknown[];
  budgetMs: number;
  stopAtFirstFailure: boolean;
  /** Indices of the inputs still to send, in order. */
  pending: number[];
  outcomes: Outcome<unknown>[];
  failure?: Failure;
  resolve: () => void;
  reject: (error: unknown) => void;
};

type Slot = {
  worker: Worker;
  state: ReturnType<typeof sharedState>;
  seq: number;
  job?: Job;
  /** Indices of the inputs of the task running, by position; the first `answered` have their outcome. */
  sent: number[];
  answered: number;
  watchdog?: NodeJS.Timeout;
  idleTimer?: NodeJS.Timeout;
};

/**
 * Worker threads that run CPU-heavy functions off the event loop, each input within a time
 * budget. Jobs wait in one queue, first come first served. A watchdog reads which input a worker
 * is on (shared memory) and, past the budget, ends the worker: that input fails with `time`, a new
 * worker takes its place and the job goes on with the inputs that were not answered. With
 * `idleMs`, a worker without a task for that long is ended too, so that an idle server holds no
 * worker heap.
 */
export class WorkerPool<T extends TaskTable> {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private seq = 0;

  constructor(private readonly options: PoolOptions) {}

  /** `task` on every input, each within `budgetMs`: every input gets its outcome. */
  async map<K extends keyof T & string>(task: K, inputs: TaskInput<T, K>[], budgetMs: number): Promise<Outcome<TaskOutput<T, K>>[]> {
    const job = await this.submit(task, inputs, budgetMs, false);
    return job.outcomes as Outcome<TaskOutput<T, K>>[];
  }

  /**
   * `task` on the inputs in order, each within `budgetMs`, up to the first that fails: every
   * value, or that failure with the values of the inputs before it.
   */
  async mapOrFail<K extends keyof T & string>(
    task: K,
    inputs: TaskInput<T, K>[],
    budgetMs: number,
  ): Promise<{ ok: true; values: TaskOutput<T, K>[] } | ({ ok: false; values: TaskOutput<T, K>[] } & Failure)> {
    const job = await this.submit(task, inputs, budgetMs, true);
    const values = job.outcomes.slice(0, job.failure?.index).map((outcome) => (outcome as { value: TaskOutput<T, K> }).value);
    return job.failure ? { ok: false, values, ...job.failure } : { ok: true, values };
  }

  private submit(task: string, inputs: unknown[], budgetMs: number, stopAtFirstFailure: boolean): Promise<Job> {
    return new Promise((resolve, reject) => {
      const job: Job = {
        task,
        inputs,
        budgetMs,
        stopAtFirstFailure,
        pending: inputs.map((_, index) => index),
        outcomes: new Array(inputs.length),
        resolve: () => resolve(job),
        reject,
      };
      if (inputs.length === 0) return job.resolve();
      this.queue.push(job);
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => !candidate.job) ?? (this.slots.length < this.options.size ? this.startWorker() : undefined);
      if (!slot) return;
      this.dispatch(slot, this.queue.shift()!);
    }
  }

  private startWorker(): Slot {
    const buffer = new SharedArrayBuffer(SHARED_STATE_BYTES);
    const slot: Slot = { worker: this.options.spawn(buffer), state: sharedState(buffer), seq: 0, sent: [], answered: 0 };
    slot.worker.on("message", (reply: TaskReply) => this.onReply(slot, reply));
    slot.worker.on("error", (error) => this.onCrash(slot, error));
    slot.worker.on("exit", (code) => this.onCrash(slot, new Error(`The worker exited with code ${code}.`)));
    // An idle worker does not keep the process alive; a busy one does, until it answers.
    slot.worker.unref();
    this.slots.push(slot);
    this.retireWhenIdle(slot);
    return slot;
  }

  private dispatch(slot: Slot, job: Job): void {
    clearTimeout(slot.idleTimer);
    // Never 0, the shared memory's initial value, which would read as this task having begun.
    this.seq = (this.seq % 0x7fffffff) + 1;
    slot.seq = this.seq;
    slot.job = job;
    slot.sent = job.pending;
    slot.answered = 0;
    job.pending = [];
    slot.worker.ref();
    slot.worker.postMessage({ seq: slot.seq, task: job.task, inputs: slot.sent.map((index) => job.inputs[index]), stopAtFirstFailure: job.stopAtFirstFailure });
    this.arm(slot, job.budgetMs);
  }

  private arm(slot: Slot, delayMs: number): void {
    slot.watchdog = setTimeout(() => this.check(slot), delayMs);
  }

  /**
   * The budget runs from when the worker began the input (or its last progress), as the worker
   * wrote it: time waiting in the queue, starting the worker or a stalled event loop here never counts.
   */
  private check(slot: Slot): void {
    const job = slot.job;
    if (!job) return;
    const at = slot.state.read(slot.seq);
    const now = Date.now();
    if (!at || at.position < 0) return this.arm(slot, job.budgetMs);
    if (now < at.since + job.budgetMs) return this.arm(slot, at.since + job.budgetMs - now);
    this.giveUp(slot, at.position, "time");
  }

  private onReply(slot: Slot, reply: TaskReply): void {
    const job = slot.job;
    // A reply to a task given up on, from a worker being ended.
    if (!job || reply.seq !== slot.seq) return;
    if (reply.kind === "error") {
      this.release(slot);
      return job.reject(new Error(`Worker task ${job.task} failed: ${reply.message}\n${reply.stack ?? ""}`));
    }
    reply.outcomes.forEach((outcome, offset) => {
      const index = slot.sent[reply.from + offset]!;
      job.outcomes[index] = outcome;
      if (!outcome.ok && job.stopAtFirstFailure) failAt(job, { index, limit: outcome.limit, ...(outcome.step === undefined ? {} : { step: outcome.step }) });
    });
    slot.answered = reply.from + reply.outcomes.length;
    if (!reply.done) return;
    this.release(slot);
    job.resolve();
  }

  private onCrash(slot: Slot, error: Error): void {
    if (!this.slots.includes(slot)) return;
    const job = slot.job;
    const at = slot.state.read(slot.seq);
    if (job && at && at.position >= 0 && (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") return this.giveUp(slot, at.position, "memory");
    this.retire(slot);
    job?.reject(error);
    this.pump();
  }

  /** Ends the worker stuck on input `position`; the job fails there or goes on without it. */
  private giveUp(slot: Slot, position: number, limit: Limit): void {
    const job = slot.job!;
    const step = slot.state.step();
    this.retire(slot);
    const index = slot.sent[position]!;
    const reported = step === undefined ? {} : { step };
    job.outcomes[index] = { ok: false, limit, ...reported };
    if (job.stopAtFirstFailure) failAt(job, { index, limit, ...reported });
    // Outcomes computed but not yet sent were lost with the worker: those inputs run again, and the
    // ones after this input too, unless the job stops here.
    job.pending = [...slot.sent.slice(slot.answered, position), ...(job.stopAtFirstFailure ? [] : slot.sent.slice(position + 1))];
    if (job.pending.length === 0) job.resolve();
    else this.queue.unshift(job);
    // The replacement starts now, so that it is ready when the next job comes.
    this.startWorker();
    this.pump();
  }

  private release(slot: Slot): void {
    clearTimeout(slot.watchdog);
    slot.job = undefined;
    slot.worker.unref();
    this.pump();
    if (!slot.job) this.retireWhenIdle(slot);
  }

  /** Arms the idle timer of a worker left without a task (dispatching clears it). */
  private retireWhenIdle(slot: Slot): void {
    const { idleMs } = this.options;
    if (idleMs === undefined) return;
    slot.idleTimer = setTimeout(() => {
      if (!slot.job && this.slots.includes(slot)) this.retire(slot);
    }, idleMs);
    slot.idleTimer.unref();
  }

  private retire(slot: Slot): void {
    clearTimeout(slot.watchdog);
    clearTimeout(slot.idleTimer);
    slot.job = undefined;
    this.slots.splice(this.slots.indexOf(slot), 1);
    void slot.worker.terminate();
  }
}

/** Records where a job that stops at its first failure failed: the earliest input, whatever order failures are found in. */
function failAt(job: Job, failure: Failure): void {
  if (!job.failure || failure.index < job.failure.index) job.failure = failure;
}
