/**
 * A subscriber's loop as the runner and its collaborators share it: what it subscribes to, where it stands, how it is
 * woken and how it sleeps. No I/O here.
 */
import type { Position } from '../event-store/event-store.port';
import type { Projection, Reaction } from './projection';

export interface RunnerLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export type Subscriber =
  | { kind: 'projection'; name: string; types: Set<string>; projection: Projection }
  | { kind: 'reaction'; name: string; types: Set<string>; reaction: Reaction };

export interface Loop {
  sub: Subscriber;
  leader: boolean;
  /** Checkpoint as known while leading; undefined until loaded. */
  cursor: Position | undefined;
  /** Reactions with afterCommit: position up to which afterCommit has run. */
  afterCommitCursor: Position | undefined;
  mutex: Mutex;
  woken: boolean;
  wake: (() => void) | undefined;
  done: Promise<void> | undefined;
  /** Streams with a parked event for this subscriber: their later events are parked behind it (kept in order). */
  parkedStreams: Set<string>;
}

/** handle() failed: the batch's data, not the runner, is the suspect (see isolate). */
export class HandleFailed extends Error {
  constructor(readonly failure: unknown) {
    super((failure as Error)?.message ?? String(failure));
  }
}

export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

export function newLoop(sub: Subscriber): Loop {
  return {
    sub,
    leader: false,
    cursor: undefined,
    afterCommitCursor: undefined,
    mutex: new Mutex(),
    woken: false,
    wake: undefined,
    done: undefined,
    parkedStreams: new Set(),
  };
}

/** Makes a loop run at once: it leaves its sleep, or skips the next one if it is busy. */
export function rouse(loop: Loop): void {
  loop.woken = true;
  loop.wake?.();
}

/** Wakes the named loops of this process (a name it does not run is another process's, or unknown). */
export function wake(loops: ReadonlyMap<string, Loop>, names: readonly string[]): void {
  for (const name of names) {
    const loop = loops.get(name);
    if (loop) rouse(loop);
  }
}

/** Where a loop of this process stands: its checkpoint, or with `afterCommit` a reaction's finished after-commit work. */
export function cursorOf(loop: Loop, afterCommit: boolean): Position | undefined {
  return afterCommit && loop.sub.kind === 'reaction' ? loop.afterCommitCursor : loop.cursor;
}

/**
 * Wakes the loops an append concerns: those that handle one of the types appended (every loop when the types are not
 * known). The others read past those events when they next run: on an append of their own types, a waitFor that
 * names them (it wakes the loops it waits for, not the others) or their poll. A burst of one module's events (a
 * notification's, say) then costs the other subscribers nothing, instead of a read and a checkpoint move each per
 * append or per wait of a reaction.
 */
export function wakeFor(loops: ReadonlyMap<string, Loop>, types?: ReadonlySet<string>): void {
  if (!types) return wakeAll(loops);
  for (const loop of loops.values()) {
    for (const type of types) {
      if (!loop.sub.types.has(type)) continue;
      rouse(loop);
      break;
    }
  }
}

export function wakeAll(loops: ReadonlyMap<string, Loop>): void {
  for (const loop of loops.values()) rouse(loop);
}

/** Sleeps `ms`, or until the loop is roused; not at all when it was roused meanwhile or the runner is not running. */
export function sleep(loop: Loop, running: boolean, ms: number): Promise<void> {
  if (loop.woken || !running) {
    loop.woken = false;
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      loop.wake = undefined;
      loop.woken = false;
      resolve();
    }
    loop.wake = done;
  });
}
