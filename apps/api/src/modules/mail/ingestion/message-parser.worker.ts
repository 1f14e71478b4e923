/**
 * Task of a parser worker thread, run by piscina (see MessageParserPool): parses a chunk of raw messages and answers
 * the compact result of parseMessage, with attachment contents transferred, never mailparser's own objects.
 */
import { parentPort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { parseChunk, type ParseRequest, type ParseResponse } from './message-parser.protocol';

/** What a worker tells the pool when it begins a task: the pool counts the task's time budget from then. */
export interface ParseTaskStarted {
  parseTaskStarted: number;
}

export function announceStart(id: number): void {
  parentPort?.postMessage({ parseTaskStarted: id } satisfies ParseTaskStarted);
}

export default async function parseTask(request: ParseRequest): Promise<unknown> {
  announceStart(request.id);
  const { results, transfer } = await parseChunk(request);
  // Moved, not copied: the attachment contents are transferred with the answer.
  return Piscina.move({
    [Piscina.valueSymbol]: { id: request.id, results } satisfies ParseResponse,
    [Piscina.transferableSymbol]: transfer,
  } as unknown as Parameters<typeof Piscina.move>[0]);
}
