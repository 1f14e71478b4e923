/**
 * Entry of a parser worker thread (see MessageParserPool): parses chunks of raw messages and answers the compact
 * result of parseMessage, with attachment contents transferred, never mailparser's own objects.
 */
import { parentPort } from 'node:worker_threads';
import { parseChunk, type ParseRequest, type ParseResponse } from './message-parser.protocol';

const port = parentPort;
if (!port) throw new Error('message-parser.worker must run in a worker thread');

port.on('message', (request: ParseRequest) => {
  void parseChunk(request).then(({ results, transfer }) => {
    port.postMessage({ id: request.id, results } satisfies ParseResponse, transfer);
  });
});
port.postMessage('ready');
