import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Inject, Injectable, type OnApplicationShutdown, Optional } from '@nestjs/common';
import {
  packChunk,
  type ParseOutcome,
  type ParseResponse,
  quarantineKeys,
  type RawMessage,
  reviveOutcome,
} from './message-parser.protocol';

export interface MessageParserPoolOptions {
  /** Worker threads at most (default: one per core but one, at least 1, at most 4). */
  size?: number;
  /** Messages sent to a worker in one task (default 25). */
  chunkSize?: number;
  /** A started worker that answers nothing for this long is ended, as if it had crashed (default 120 s). */
  stallTimeoutMs?: number;
  /** A worker that is not ready this long after its spawn is ended and its tasks fail (default 60 s). */
  startTimeoutMs?: number;
  /** JavaScript run in each worker before its entry (tests use it to make a worker crash or hang). */
  preamble?: string;
}

/** Provider token of the options (optional: the defaults suit production). */
export const MESSAGE_PARSER_POOL_OPTIONS = Symbol('MESSAGE_PARSER_POOL_OPTIONS');

/** Tasks a worker holds at once: the next one is queued in the worker while it parses the current one. */
const MAX_TASKS_PER_WORKER = 2;

/**
 * The worker's entry beside this file: compiled JavaScript in dist, TypeScript when the code runs from source
 * (tests and benchmarks, compiled on the fly by swc), where the worker first registers the same swc hook.
 */
const WORKER_ENTRY = join(__dirname, `message-parser.worker${extname(__filename)}`);
const SWC_REGISTER = join(__dirname, '../../../../../test/support/swc-register.js');

interface Job {
  teamId: string;
  folder: string;
  uidValidity: bigint;
  messages: readonly RawMessage[];
  results: ParseOutcome[];
  remaining: number;
  failed: boolean;
  resolve(results: ParseOutcome[]): void;
  reject(error: unknown): void;
}

interface Task {
  id: number;
  job: Job;
  indexes: number[];
  /** Retried after a crash: runs alone on its worker, so that a crash can be blamed on its one message. */
  alone: boolean;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  tasks: Map<number, Task>;
  error: unknown;
  stallTimer: NodeJS.Timeout | undefined;
}

/**
 * Parses messages on worker threads, so that MIME parsing leaves the main thread (which runs the IMAP client,
 * the database writes and the projections). A worker answers the compact result of parseMessage, not
 * mailparser's objects. A message that fails to parse comes back for quarantine, as when parsed in process.
 * A worker that crashes or stalls is replaced: its messages are parsed again one per task, alone on a worker, and
 * a message that brings down a worker by itself is quarantined; nothing is lost. A worker that cannot even start
 * fails the parse (the sync fails and is retried later) instead of quarantining good mail.
 */
@Injectable()
export class MessageParserPool implements OnApplicationShutdown {
  private readonly size: number;
  private readonly chunkSize: number;
  private readonly stallTimeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly bootstrap: string;
  private readonly slots = new Set<Slot>();
  private queue: Task[] = [];
  private nextTaskId = 1;
  private closed = false;

  constructor(@Optional() @Inject(MESSAGE_PARSER_POOL_OPTIONS) options: MessageParserPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(4, availableParallelism() - 1));
    this.chunkSize = Math.max(1, options.chunkSize ?? 25);
    this.stallTimeoutMs = options.stallTimeoutMs ?? 120_000;
    this.startTimeoutMs = options.startTimeoutMs ?? 60_000;
    this.bootstrap = [
      WORKER_ENTRY.endsWith('.ts') ? `require(${JSON.stringify(SWC_REGISTER)});` : '',
      options.preamble ?? '',
      `require(${JSON.stringify(WORKER_ENTRY)});`,
    ].join('\n');
  }

  /** Parses messages of one folder; the outcomes are in the order of `messages`. */
  parse(teamId: string, folder: string, uidValidity: bigint, messages: readonly RawMessage[]): Promise<ParseOutcome[]> {
    if (this.closed) return Promise.reject(new Error('The message parser pool is closed'));
    if (messages.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      const job: Job = {
        teamId,
        folder,
        uidValidity,
        messages,
        results: new Array<ParseOutcome>(messages.length),
        remaining: messages.length,
        failed: false,
        resolve,
        reject,
      };
      for (let start = 0; start < messages.length; start += this.chunkSize) {
        const indexes: number[] = [];
        for (let i = start; i < Math.min(messages.length, start + this.chunkSize); i++) indexes.push(i);
        this.queue.push({ id: this.nextTaskId++, job, indexes, alone: false });
      }
      this.dispatch();
    });
  }

  /** Ends the workers; parses in flight fail. */
  async close(): Promise<void> {
    this.closed = true;
    const queued = this.queue;
    this.queue = [];
    for (const task of queued) this.fail(task.job, new Error('The message parser pool is closed'));
    await Promise.all([...this.slots].map((slot) => slot.worker.terminate()));
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      const task = this.queue[0];
      if (task.job.failed) {
        this.queue.shift();
        continue;
      }
      const slot = this.slotFor(task);
      if (!slot) return;
      this.queue.shift();
      this.send(slot, task);
    }
  }

  /** A worker that can take the task: the least busy one, or a new one while fewer than `size` run. */
  private slotFor(task: Task): Slot | undefined {
    let best: Slot | undefined;
    for (const slot of this.slots) {
      const load = slot.tasks.size;
      const fits =
        load === 0 || (!task.alone && load < MAX_TASKS_PER_WORKER && [...slot.tasks.values()].every((t) => !t.alone));
      if (fits && (!best || load < best.tasks.size)) best = slot;
    }
    if (best && best.tasks.size === 0) return best;
    if (this.slots.size < this.size) return this.spawn();
    return best;
  }

  private spawn(): Slot {
    const worker = new Worker(this.bootstrap, { eval: true });
    worker.unref();
    const slot: Slot = { worker, ready: false, tasks: new Map(), error: undefined, stallTimer: undefined };
    // Starting (loading the parser) can take long on a busy machine: it has its own limit, and the stall limit
    // counts only once the worker is ready.
    slot.stallTimer = setTimeout(() => {
      slot.error = new Error(`not ready within ${this.startTimeoutMs} ms`);
      void worker.terminate();
    }, this.startTimeoutMs);
    slot.stallTimer.unref();
    worker.on('message', (message: ParseResponse | 'ready') => {
      if (message !== 'ready') return this.answered(slot, message);
      slot.ready = true;
      clearTimeout(slot.stallTimer);
      if (slot.tasks.size > 0) this.armStallTimer(slot);
    });
    worker.on('error', (error) => {
      slot.error = error;
    });
    worker.on('exit', (code) => this.exited(slot, code));
    this.slots.add(slot);
    return slot;
  }

  private send(slot: Slot, task: Task): void {
    const { job } = task;
    const request = packChunk(
      task.id,
      job.teamId,
      job.folder,
      job.uidValidity,
      task.indexes.map((i) => job.messages[i]),
    );
    slot.tasks.set(task.id, task);
    if (slot.tasks.size === 1 && slot.ready) this.armStallTimer(slot);
    slot.worker.postMessage(request, [request.sources]);
  }

  private armStallTimer(slot: Slot): void {
    clearTimeout(slot.stallTimer);
    slot.stallTimer = setTimeout(() => {
      slot.error = new Error(`no answer within ${this.stallTimeoutMs} ms`);
      void slot.worker.terminate();
    }, this.stallTimeoutMs);
    slot.stallTimer.unref();
  }

  private answered(slot: Slot, response: ParseResponse): void {
    const task = slot.tasks.get(response.id);
    if (!task) return;
    slot.tasks.delete(response.id);
    if (slot.tasks.size > 0) this.armStallTimer(slot);
    else clearTimeout(slot.stallTimer);
    response.results.forEach((outcome, k) => this.settle(task.job, task.indexes[k], reviveOutcome(outcome)));
    this.dispatch();
  }

  private exited(slot: Slot, code: number): void {
    clearTimeout(slot.stallTimer);
    this.slots.delete(slot);
    const reason = describe(slot.error ?? `exit code ${code}`);
    const retries: Task[] = [];
    for (const task of slot.tasks.values()) {
      if (task.job.failed) continue;
      if (this.closed) {
        this.fail(task.job, new Error('The message parser pool is closed'));
      } else if (!slot.ready) {
        this.fail(task.job, new Error(`The message parser worker could not start: ${reason}`));
      } else if (task.indexes.length > 1 || !task.alone) {
        for (const index of task.indexes)
          retries.push({ id: this.nextTaskId++, job: task.job, indexes: [index], alone: true });
      } else {
        const { job } = task;
        const index = task.indexes[0];
        this.settle(job, index, {
          ok: false,
          error: `The parser stopped on this message: ${reason}`.slice(0, 500),
          ...quarantineKeys(job.teamId, job.folder, job.uidValidity, job.messages[index]),
        });
      }
    }
    this.queue.unshift(...retries);
    this.dispatch();
  }

  private settle(job: Job, index: number, outcome: ParseOutcome): void {
    if (job.failed || job.results[index] !== undefined) return;
    job.results[index] = outcome;
    if (--job.remaining === 0) job.resolve(job.results);
  }

  private fail(job: Job, error: Error): void {
    if (job.failed) return;
    job.failed = true;
    job.reject(error);
  }
}

function describe(error: unknown): string {
  // Duck-typed: an error raised in a worker may come from another realm (instanceof Error fails under jest).
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof message !== 'string') return String(error);
  return typeof code === 'string' ? `${code}: ${message}` : message;
}
