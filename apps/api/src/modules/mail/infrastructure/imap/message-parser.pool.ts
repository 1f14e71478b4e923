import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { Inject, Injectable, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { type Pool, pool as workerPool } from 'workerpool';
import { FairQueue } from './message-parser.fair-queue';
import {
  PARSE_STARTED,
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
  /**
   * Bytes of raw messages in one task at most (default 1 MiB; a bigger message is a task alone). A worker parses one
   * task at a time, so this bounds how long another team's new message waits behind a chunk of big ones.
   */
  chunkBytes?: number;
  /** A worker that has not finished a chunk this long after it started it is ended, as if crashed (default 120 s). */
  stallTimeoutMs?: number;
  /** A chunk no worker starts this long after it is handed over fails its parse: no worker starts (default 60 s). */
  startTimeoutMs?: number;
  /** JavaScript run in each worker before its entry (tests use it to make a worker crash or hang). */
  preamble?: string;
}

/** Provider token of the options (optional: the defaults suit production). */
export const MESSAGE_PARSER_POOL_OPTIONS = Symbol('MESSAGE_PARSER_POOL_OPTIONS');

/**
 * The worker's entry beside this file: compiled JavaScript in dist, TypeScript when the code runs from source
 * (tests and benchmarks, compiled on the fly by swc), where the worker first registers the same swc hook.
 */
const WORKER_ENTRY = join(__dirname, `message-parser.worker${extname(__filename)}`);
const SWC_REGISTER = join(__dirname, '../../../../../test/support/swc-register.js');

/** How long an ended worker may take to exit before it is terminated (a hung one never answers the request). */
const WORKER_TERMINATE_TIMEOUT_MS = 100;

const CLOSED = 'The message parser pool is closed';

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
  job: Job;
  indexes: number[];
  /** Parsed again after a crash, alone: a crash now is blamed on its one message. */
  alone: boolean;
}

/**
 * Parses messages on worker threads (workerpool), so that MIME parsing leaves the main thread (which runs the IMAP
 * client, the database writes and the projections). A worker answers the compact result of parseMessage, not
 * mailparser's objects. A message that fails to parse comes back for quarantine, as when parsed in process.
 * A worker that crashes or stalls is replaced: its messages are parsed again one per task, and a message that
 * brings down a worker by itself is quarantined; nothing is lost. A worker that cannot even start fails the parse
 * (the sync fails and is retried later) instead of quarantining good mail.
 *
 * Fair between teams: chunks wait in a queue per team and the teams take turns, so one team's first sync of
 * thousands of messages delays another team's new mail by about one chunk (at most 25 messages or 1 MiB). The pool is
 * handed only as many chunks as it has workers: a chunk handed over starts at once, which is what the start limit measures.
 */
@Injectable()
export class MessageParserPool implements OnApplicationShutdown {
  private readonly size: number;
  private readonly chunkSize: number;
  private readonly chunkBytes: number;
  private readonly stallTimeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly pool: Pool;
  private readonly queue = new FairQueue<Task>();
  private running = 0;
  private closed = false;

  constructor(@Optional() @Inject(MESSAGE_PARSER_POOL_OPTIONS) options: MessageParserPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(4, availableParallelism() - 1));
    this.chunkSize = Math.max(1, options.chunkSize ?? 25);
    this.chunkBytes = Math.max(1, options.chunkBytes ?? 1024 * 1024);
    this.stallTimeoutMs = options.stallTimeoutMs ?? 120_000;
    this.startTimeoutMs = options.startTimeoutMs ?? 60_000;
    const bootstrap = [
      WORKER_ENTRY.endsWith('.ts') ? `require(${JSON.stringify(SWC_REGISTER)});` : '',
      options.preamble ?? '',
      `require(${JSON.stringify(WORKER_ENTRY)});`,
    ].join('\n');
    this.pool = workerPool(bootstrap, {
      workerType: 'thread',
      workerThreadOpts: { eval: true },
      maxWorkers: this.size,
      workerTerminateTimeout: WORKER_TERMINATE_TIMEOUT_MS,
    });
  }

  /** Parses messages of one folder; the outcomes are in the order of `messages`. */
  parse(teamId: string, folder: string, uidValidity: bigint, messages: readonly RawMessage[]): Promise<ParseOutcome[]> {
    if (this.closed) return Promise.reject(new Error(CLOSED));
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
      const tasks: Task[] = [];
      let indexes: number[] = [];
      let bytes = 0;
      messages.forEach((message, index) => {
        const size = message.source.byteLength;
        if (indexes.length > 0 && (indexes.length === this.chunkSize || bytes + size > this.chunkBytes)) {
          tasks.push({ job, indexes, alone: false });
          indexes = [];
          bytes = 0;
        }
        indexes.push(index);
        bytes += size;
      });
      tasks.push({ job, indexes, alone: false });
      this.queue.push(teamId, ...tasks);
      this.dispatch();
    });
  }

  /** Ends the workers; parses in flight fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.drain()) this.fail(task.job, new Error(CLOSED));
    await this.pool.terminate(true);
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  private dispatch(): void {
    while (!this.closed && this.running < this.size) {
      const task = this.queue.shift();
      if (!task) return;
      if (!task.job.failed) this.run(task);
    }
  }

  /** Hands a chunk to the pool, on the start limit until a worker starts it and on the stall limit from then. */
  private run(task: Task): void {
    const { job } = task;
    const request = packChunk(
      job.teamId,
      job.folder,
      job.uidValidity,
      task.indexes.map((i) => job.messages[i]),
    );
    let started = false;
    let stopped: string | undefined;
    let timer: NodeJS.Timeout | undefined;
    const execution = this.pool.exec('parse', [request], {
      transfer: [request.sources],
      on: (event: unknown) => {
        if (event !== PARSE_STARTED || started || stopped) return;
        started = true;
        clearTimeout(timer);
        timer = setTimeout(() => stop(`no answer within ${this.stallTimeoutMs} ms`), this.stallTimeoutMs).unref();
      },
    });
    const stop = (reason: string) => {
      stopped = reason;
      execution.cancel();
    };
    timer = setTimeout(() => stop(`not ready within ${this.startTimeoutMs} ms`), this.startTimeoutMs).unref();
    this.running++;
    execution
      .then(
        (response: ParseResponse) =>
          response.results.forEach((outcome, k) => this.settle(job, task.indexes[k], reviveOutcome(outcome))),
        (error: unknown) => this.failed(task, started, stopped ?? describe(error)),
      )
      .catch((error: unknown) => this.fail(job, error instanceof Error ? error : new Error(String(error))))
      .then(() => {
        clearTimeout(timer);
        this.running--;
        this.dispatch();
      });
  }

  /** A chunk whose worker ended (crashed, stalled or never started) or that the pool gave up. */
  private failed(task: Task, started: boolean, reason: string): void {
    const { job } = task;
    if (job.failed) return;
    if (this.closed) return this.fail(job, new Error(CLOSED));
    if (!started) return this.fail(job, new Error(`The message parser worker could not start: ${reason}`));
    if (task.indexes.length > 1 || !task.alone) {
      const retries = task.indexes.map((index) => ({ job, indexes: [index], alone: true }));
      this.queue.pushFront(job.teamId, ...retries);
      return;
    }
    const index = task.indexes[0];
    this.settle(job, index, {
      ok: false,
      error: `The parser stopped on this message: ${reason}`.slice(0, 500),
      ...quarantineKeys(job.teamId, job.folder, job.uidValidity, job.messages[index]),
    });
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

/**
 * Why a worker ended, in short: its exit code, or the error it raised (workerpool wraps both; duck-typed, as an
 * error raised in a worker may come from another realm, where instanceof Error fails under jest).
 */
function describe(error: unknown): string {
  const { message, cause } = (error ?? {}) as { message?: unknown; cause?: unknown };
  if (cause !== undefined) return describe(cause);
  if (typeof message !== 'string') return String(error);
  const exitCode = /exitCode: `(-?\d+)`/.exec(message)?.[1];
  if (exitCode !== undefined) return `exit code ${exitCode}`;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? `${code}: ${message}` : message;
}
