/**
 * Entry of a parser worker thread (see MessageParserPool, which runs it on workerpool): parses chunks of raw
 * messages and answers the compact result of parseMessage, with attachment contents transferred, never mailparser's
 * own objects. It tells the pool when it starts a chunk, so that the chunk's time limit counts from there.
 */
import { Transfer, worker, workerEmit } from 'workerpool';
import { PARSE_STARTED, parseChunk, type ParseRequest, type ParseResponse } from './message-parser.protocol';

worker({
  async parse(request: ParseRequest) {
    workerEmit(PARSE_STARTED);
    const { results, transfer } = await parseChunk(request);
    return new Transfer({ results } satisfies ParseResponse, transfer);
  },
});
