import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { Piscina } from 'piscina';
import {
  packChunk,
  type ParseOutcome,
  type ParseResponse,
  quarantineKeys,
  type RawMessage,
  reviveOutcome,
} from './message-parser.protocol';
import type { ParseTaskStarted } from './message-parser.worker';

export interface MessageParserPoolOptions {
  /** Worker threads at most (default: one per core but one, at least 1, at most 4). */
  size?: number;
  /** Messages sent to a worker in one task (default 25). */
  chunkSize?: number;
  /** A task that has started and answers nothing for this long ends its worker, as if it had crashed (default 120 s). */
  stallTimeoutMs?: number;
  /** A task that no worker starts this long, while no other task runs, fails its parse (default 60 s). */
  startTimeoutMs?: number;
  /** Module the workers run instead of message-parser.worker (tests use one that crashes or hangs). */
  workerFile?: string;
  /** Data given to each worker (read by `workerFile`). */
  workerData?: unknown;
}

/** Provider token of the options (optional: the defaults suit production). */
export const MESSAGE_PARSER_POOL_OPTIONS = Symbol('MESSAGE_PARSER_POOL_OPTIONS');

/**
 * The worker's task beside this file: compiled JavaScript in dist, TypeScript when the code runs from source
 * (tests and benchmarks, compiled on the fly by swc), where the worker first registers the same swc hook.
 */
const WORKER_FILE = join(__dirname, `message-parser.worker${extname(__filename)}`);
const SWC_REGISTER = join(__dirname, '../../../../test/support/swc-register.js');

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
  /** Retried after a crash: one message alone, so that a crash can be blamed on it. */
  alone: boolean;
  submittedAt: number;
  /** Set once its worker has begun it (ParseTaskStarted). */
  started: boolean;
  timer: NodeJS.Timeout | undefined;
  abort: AbortController;
  /** Why the pool ended the task's worker, when it did. */
  stalled?: string;
}

/**
 * Parses messages on worker threads (a piscina pool), so that MIME parsing leaves the main thread (which runs the
 * IMAP client, the database writes and the projections). A worker answers the compact result of parseMessage, not
 * mailparser's objects. A message that fails to parse comes back for quarantine, as when parsed in process.
 * A worker that crashes or stalls is replaced: its messages are parsed again one per task, and a message that brings
 * down a worker by itself is quarantined; nothing is lost. Workers that cannot even start fail the parse (the sync
 * fails and is retried later) instead of quarantining good mail.
 */
@Injectable()
export class MessageParserPool implements OnApplicationShutdown {
  private readonly logger = new Logger(MessageParserPool.name);
  private readonly size: number;
  private readonly chunkSize: number;
  private readonly stallTimeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly workerFile: string;
  private readonly workerData: unknown;
  private piscina: Piscina | undefined;
  /** Tasks handed to piscina and not settled yet. */
  private readonly tasks = new Map<number, Task>();
  /** When a task last started or ended: workers that make progress are not taken for workers that cannot start. */
  private lastProgressAt = 0;
  private nextTaskId = 1;
  private closed = false;

  constructor(@Optional() @Inject(MESSAGE_PARSER_POOL_OPTIONS) options: MessageParserPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(4, availableParallelism() - 1));
    this.chunkSize = Math.max(1, options.chunkSize ?? 25);
    this.stallTimeoutMs = options.stallTimeoutMs ?? 120_000;
    this.startTimeoutMs = options.startTimeoutMs ?? 60_000;
    this.workerFile = options.workerFile ?? WORKER_FILE;
    this.workerData = options.workerData;
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
        this.submit(job, indexes, false);
      }
    });
  }

  /** Ends the workers; parses in flight fail. */
  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new Error('The message parser pool is closed'));
    await this.retire();
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /** The piscina pool, started on the first parse (and again after workers that could not start were retired). */
  private workers(): Piscina {
    if (this.piscina) return this.piscina;
    const piscina = new Piscina({
      filename: this.workerFile,
      // From source the worker compiles TypeScript with the same swc hook as the tests and benchmarks.
      execArgv: this.workerFile.endsWith('.ts') ? ['--require', SWC_REGISTER] : undefined,
      workerData: this.workerData,
      minThreads: this.size,
      maxThreads: this.size,
      concurrentTasksPerWorker: 1,
    });
    piscina.on('message', (message: Partial<ParseTaskStarted>) => {
      if (typeof message?.parseTaskStarted === 'number') this.started(message.parseTaskStarted);
    });
    // A worker that fails while it holds no task: one that could not start.
    piscina.on('error', (error: unknown) => this.cannotStart(piscina, error));
    this.piscina = piscina;
    this.lastProgressAt = Date.now();
    return piscina;
  }

  private submit(job: Job, indexes: number[], alone: boolean): void {
    const task: Task = {
      id: this.nextTaskId++,
      job,
      indexes,
      alone,
      submittedAt: Date.now(),
      started: false,
      timer: undefined,
      abort: new AbortController(),
    };
    const piscina = this.workers();
    this.tasks.set(task.id, task);
    this.armStartTimer(task, this.startTimeoutMs);
    const request = packChunk(
      task.id,
      job.teamId,
      job.folder,
      job.uidValidity,
      indexes.map((i) => job.messages[i]),
    );
    piscina.run(request, { transferList: [request.sources], signal: task.abort.signal }).then(
      (response: ParseResponse) => this.answered(task, response),
      (error: unknown) => this.failed(piscina, task, error),
    );
  }

  /** A task that has not started when its time is up fails its parse unless some other task is making progress. */
  private armStartTimer(task: Task, ms: number): void {
    task.timer = setTimeout(() => {
      if (task.started || this.tasks.get(task.id) !== task) return;
      const running = [...this.tasks.values()].some((t) => t.started);
      const quietFor = Date.now() - Math.max(this.lastProgressAt, task.submittedAt);
      if (!running && quietFor >= this.startTimeoutMs && this.piscina) {
        this.cannotStart(this.piscina, new Error(`not ready within ${this.startTimeoutMs} ms`));
      } else {
        this.armStartTimer(task, Math.max(1, this.startTimeoutMs - quietFor));
      }
    }, ms);
    task.timer.unref();
  }

  private started(id: number): void {
    const task = this.tasks.get(id);
    if (!task || task.started) return;
    task.started = true;
    this.lastProgressAt = Date.now();
    clearTimeout(task.timer);
    task.timer = setTimeout(() => {
      task.stalled = `no answer within ${this.stallTimeoutMs} ms`;
      task.abort.abort(new Error(task.stalled));
    }, this.stallTimeoutMs);
    task.timer.unref();
  }

  private answered(task: Task, response: ParseResponse): void {
    if (!this.forget(task)) return;
    response.results.forEach((outcome, k) => this.settle(task.job, task.indexes[k], reviveOutcome(outcome)));
  }

  private failed(piscina: Piscina, task: Task, error: unknown): void {
    if (!this.forget(task)) return;
    const { job } = task;
    if (job.failed) return;
    if (this.closed) return this.fail(job, new Error('The message parser pool is closed'));
    // A task that never started says nothing about its messages: its worker could not start.
    if (!task.started) return this.cannotStart(piscina, error, job);
    if (!task.alone) {
      for (const index of task.indexes) this.submit(job, [index], true);
      return;
    }
    const index = task.indexes[0];
    const reason = task.stalled ?? describe(error);
    this.logger.warn(`The parser stopped on message ${job.messages[index].uid} of ${job.folder}: ${reason}`);
    this.settle(job, index, {
      ok: false,
      error: `The parser stopped on this message: ${reason}`.slice(0, 500),
      ...quarantineKeys(job.teamId, job.folder, job.uidValidity, job.messages[index]),
    });
  }

  /** Workers that cannot start: every parse in flight fails (to be retried later) and the workers are retired. */
  private cannotStart(piscina: Piscina, error: unknown, job?: Job): void {
    const failure = new Error(`The message parser worker could not start: ${describe(error)}`);
    if (job) this.fail(job, failure);
    if (piscina !== this.piscina) return;
    this.logger.error(failure.message);
    this.failAll(failure);
    void this.retire();
  }

  private failAll(error: Error): void {
    const tasks = [...this.tasks.values()];
    for (const task of tasks) this.forget(task);
    for (const task of tasks) this.fail(task.job, error);
  }

  private async retire(): Promise<void> {
    const piscina = this.piscina;
    this.piscina = undefined;
    if (!piscina) return;
    // Its tasks have been settled already; what destroy rejects them with is of no interest.
    await piscina.destroy().catch((error: unknown) => {
      this.logger.warn(`Could not end the message parser workers: ${describe(error)}`);
    });
  }

  /** Removes a task from the ones in flight; false when it was settled already. */
  private forget(task: Task): boolean {
    if (this.tasks.get(task.id) !== task) return false;
    this.tasks.delete(task.id);
    clearTimeout(task.timer);
    this.lastProgressAt = Date.now();
    return true;
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
    // Its other tasks are of no use any more.
    for (const task of [...this.tasks.values()]) {
      if (task.job === job && this.forget(task)) task.abort.abort(error);
    }
  }
}

function describe(error: unknown): string {
  // Duck-typed: an error raised in a worker may come from another realm (instanceof Error fails under jest).
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof message !== 'string') return String(error);
  const exit = /^worker exited with code: (\d+)$/.exec(message);
  if (exit) return `exit code ${exit[1]}`;
  return typeof code === 'string' ? `${code}: ${message}` : message;
}
