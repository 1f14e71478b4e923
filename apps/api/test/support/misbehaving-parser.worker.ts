/**
 * A parser worker for the pool's specs: the real task, except that it misbehaves as its workerData says (exits or
 * hangs on a message carrying a header, starts slowly, never gets ready, cannot start at all).
 */
import { workerData } from 'node:worker_threads';
import parseTask, { announceStart } from '../../src/modules/mail/ingestion/message-parser.worker';
import type { ParseRequest } from '../../src/modules/mail/ingestion/message-parser.protocol';

export interface Misbehaviour {
  exitOn?: string;
  hangOn?: string;
  startDelayMs?: number;
  neverReady?: boolean;
  startError?: string;
}

const misbehaviour = (workerData ?? {}) as Misbehaviour;

if (misbehaviour.startError) throw new Error(misbehaviour.startError);
if (misbehaviour.neverReady) for (;;);
if (misbehaviour.startDelayMs) {
  const until = Date.now() + misbehaviour.startDelayMs;
  while (Date.now() < until);
}

export default function misbehavingParseTask(request: ParseRequest): Promise<unknown> {
  const sources = Buffer.from(request.sources);
  if (misbehaviour.exitOn && sources.includes(misbehaviour.exitOn)) {
    announceStart(request.id);
    process.exit(3);
  }
  if (misbehaviour.hangOn && sources.includes(misbehaviour.hangOn)) {
    announceStart(request.id);
    for (;;);
  }
  return parseTask(request);
}
