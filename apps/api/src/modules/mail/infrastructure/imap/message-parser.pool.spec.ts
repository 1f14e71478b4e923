import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dedupeKeyOf } from './message-parser';
import { MessageParserPool } from './message-parser.pool';
import { parseOne, type RawMessage } from './message-parser.protocol';

const teamId = '0193a0a0-0000-7000-8000-000000000001';
const internalDate = new Date('2026-11-01T08:00:00.000Z');

const plain = (uid: number, extraHeaders = ''): RawMessage => ({
  uid,
  source: Buffer.from(
    `From: Alice <alice@example.com>\r\nTo: support@example.com\r\nSubject: Message ${uid}\r\nMessage-ID: <m${uid}@example.com>\r\n${extraHeaders}\r\nHello ${uid}\r\n`,
  ),
  internalDate,
});

const withAttachment = (uid: number): RawMessage => ({
  uid,
  source: Buffer.from(
    [
      'From: alice@example.com',
      `Subject: With attachment ${uid}`,
      `Message-ID: <a${uid}@example.com>`,
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'see file',
      '--b',
      'Content-Type: application/octet-stream; name="data.bin"',
      'Content-Disposition: attachment; filename="data.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from([0, 1, 2, 254, 255]).toString('base64'),
      '--b--',
      '',
    ].join('\r\n'),
  ),
  internalDate,
});

/** A header block over mailsplit's limit: parseMessage throws, the message must be quarantined. */
const unparsable = (uid: number): RawMessage => ({
  uid,
  source: Buffer.from(`From: x@example.com\r\nSubject: too big\r\nX-Huge: ${'a'.repeat(1_200_000)}\r\n\r\nbody\r\n`),
  internalDate: null,
});

const subjects = (outcomes: Awaited<ReturnType<MessageParserPool['parse']>>) =>
  outcomes.map((o) => (o.ok ? o.parsed.email.subject : `quarantined: ${o.error}`));

/**
 * Makes a worker exit (or hang) once it has started a chunk holding a message that carries the header, as a
 * message that brings down the parser does: the worker's parse method is wrapped as the worker registers it.
 */
const misbehaveOn = (header: string, action: string) => `
  const workerpool = require(${JSON.stringify(require.resolve('workerpool'))});
  const register = workerpool.worker;
  workerpool.worker = (methods, options) => register({
    ...methods,
    parse(request) {
      const parsing = methods.parse(request);
      if (Buffer.from(request.sources).includes(${JSON.stringify(header)})) { ${action} }
      return parsing;
    },
  }, options);
`;

/** Makes each worker write, as it receives a chunk, the chunk's team and first UID as one line of the file. */
const logChunksTo = (file: string) => `
  require('node:worker_threads').parentPort.on('message', (message) => {
    const request = message && message.params ? message.params[0] : message;
    if (request && request.uids) {
      require('node:fs').appendFileSync(${JSON.stringify(file)}, request.teamId + ' ' + request.uids[0] + '\\n');
    }
  });
`;

describe('MessageParserPool', () => {
  let pool: MessageParserPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('parses on worker threads exactly as in process, attachments as Buffers, in the order given', async () => {
    pool = new MessageParserPool({ size: 2, chunkSize: 2 });
    const messages = [plain(1), withAttachment(2), plain(3), plain(4, 'Precedence: bulk\r\n'), plain(5)];
    const outcomes = await pool.parse(teamId, 'INBOX', 7n, messages);
    const expected = await Promise.all(messages.map((m) => parseOne(teamId, 'INBOX', 7n, m)));
    expect(outcomes).toEqual(expected);
    const attachment = outcomes[1].ok ? outcomes[1].parsed.attachments[0] : undefined;
    expect(Buffer.isBuffer(attachment?.content)).toBe(true);
    expect([...(attachment?.content ?? [])]).toEqual([0, 1, 2, 254, 255]);
    // The caller's sources are left intact (the worker gets copies).
    expect(messages[0].source.toString()).toContain('Hello 1');
  });

  it('returns a message that cannot be parsed for quarantine, with the same reason and key as in process', async () => {
    pool = new MessageParserPool({ size: 1 });
    const messages = [plain(1), unparsable(2), plain(3)];
    const outcomes = await pool.parse(teamId, 'INBOX', 7n, messages);
    expect(subjects(outcomes)).toEqual([
      'Message 1',
      'quarantined: Max header size for a MIME node exceeded',
      'Message 3',
    ]);
    expect(outcomes[1]).toEqual(await parseOne(teamId, 'INBOX', 7n, messages[1]));
  });

  it('survives a worker crash: the other messages are parsed again, the culprit is quarantined', async () => {
    pool = new MessageParserPool({ size: 1, chunkSize: 3, preamble: misbehaveOn('X-Crash', 'process.exit(3);') });
    const messages = [1, 2, 3, 4, 5, 6, 7].map((uid) => plain(uid, uid === 5 ? 'X-Crash: yes\r\n' : ''));
    const outcomes = await pool.parse(teamId, 'INBOX', 7n, messages);
    expect(subjects(outcomes)).toEqual([
      'Message 1',
      'Message 2',
      'Message 3',
      'Message 4',
      'quarantined: The parser stopped on this message: exit code 3',
      'Message 6',
      'Message 7',
    ]);
    // Keyed like any quarantined message: no Message-ID, content hash only.
    expect(outcomes[4].dedupeKey).toBe(dedupeKeyOf(teamId, '', messages[4].source));
    // The pool goes on with a fresh worker.
    expect(subjects(await pool.parse(teamId, 'INBOX', 7n, [plain(8)]))).toEqual(['Message 8']);
  });

  it('ends a worker that stops answering and quarantines the message that hangs it', async () => {
    pool = new MessageParserPool({
      size: 1,
      chunkSize: 2,
      stallTimeoutMs: 500,
      preamble: misbehaveOn('X-Hang', 'for (;;);'),
    });
    const messages = [plain(1), plain(2, 'X-Hang: yes\r\n'), plain(3)];
    const outcomes = await pool.parse(teamId, 'INBOX', 7n, messages);
    expect(subjects(outcomes)).toEqual([
      'Message 1',
      'quarantined: The parser stopped on this message: no answer within 500 ms',
      'Message 3',
    ]);
  });

  it('does not take a worker that is slow to start for a stalled one', async () => {
    pool = new MessageParserPool({
      size: 1,
      stallTimeoutMs: 300,
      preamble: 'const until = Date.now() + 800; while (Date.now() < until);',
    });
    expect(subjects(await pool.parse(teamId, 'INBOX', 7n, [plain(1), plain(2)]))).toEqual(['Message 1', 'Message 2']);
  });

  it('fails the parse, quarantining nothing, when a worker never gets ready', async () => {
    pool = new MessageParserPool({ size: 1, startTimeoutMs: 500, preamble: 'for (;;);' });
    await expect(pool.parse(teamId, 'INBOX', 7n, [plain(1)])).rejects.toThrow(
      /could not start: not ready within 500 ms/,
    );
  });

  it('fails the parse, quarantining nothing, when a worker cannot start', async () => {
    pool = new MessageParserPool({ size: 1, preamble: `throw new Error('no parser here');` });
    await expect(pool.parse(teamId, 'INBOX', 7n, [plain(1), plain(2)])).rejects.toThrow(
      /could not start: no parser here/,
    );
  });

  it('takes the teams in turns: a big first sync delays another team by about one chunk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parser-pool-'));
    const log = join(dir, 'chunks.log');
    try {
      pool = new MessageParserPool({ size: 1, chunkSize: 2, preamble: logChunksTo(log) });
      // Team A's first sync: 40 chunks of 2 messages; then one new message for team B.
      const teamA = '0193a0a0-0000-7000-8000-00000000000a';
      const teamB = '0193a0a0-0000-7000-8000-00000000000b';
      const finished: string[] = [];
      const a = pool
        .parse(
          teamA,
          'INBOX',
          7n,
          Array.from({ length: 80 }, (_, i) => plain(i + 1)),
        )
        .then((outcomes) => {
          finished.push('A');
          return outcomes;
        });
      const b = pool.parse(teamB, 'INBOX', 7n, [plain(1000)]).then((outcomes) => {
        finished.push('B');
        return outcomes;
      });
      const [outcomesA, outcomesB] = await Promise.all([a, b]);
      expect(subjects(outcomesB)).toEqual(['Message 1000']);
      expect(subjects(outcomesA)).toEqual(Array.from({ length: 80 }, (_, i) => `Message ${i + 1}`));
      expect(finished).toEqual(['B', 'A']);
      // The one worker took B's chunk right after the chunk of A's it was parsing, long before A's third.
      const chunks = (await readFile(log, 'utf8')).trim().split('\n');
      expect(chunks).toHaveLength(41);
      expect(chunks.slice(0, 3)).toEqual([`${teamA} 1`, `${teamB} 1000`, `${teamA} 3`]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('caps a chunk by bytes too: big messages go a few at a time, so another team waits behind a few of them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parser-pool-'));
    const log = join(dir, 'chunks.log');
    try {
      pool = new MessageParserPool({ size: 1, chunkSize: 25, chunkBytes: 64 * 1024, preamble: logChunksTo(log) });
      const teamA = '0193a0a0-0000-7000-8000-00000000000a';
      const teamB = '0193a0a0-0000-7000-8000-00000000000b';
      // Ten messages of ~40 KiB: one per chunk under a 64 KiB cap (25 per chunk by count alone).
      const big = (uid: number): RawMessage => ({ ...plain(uid, `X-Padding: ${'a'.repeat(40 * 1024)}\r\n`), uid });
      const a = pool.parse(
        teamA,
        'INBOX',
        7n,
        Array.from({ length: 10 }, (_, i) => big(i + 1)),
      );
      const b = pool.parse(teamB, 'INBOX', 7n, [plain(1000)]);
      const [outcomesA, outcomesB] = await Promise.all([a, b]);
      expect(subjects(outcomesA)).toEqual(Array.from({ length: 10 }, (_, i) => `Message ${i + 1}`));
      expect(subjects(outcomesB)).toEqual(['Message 1000']);
      const chunks = (await readFile(log, 'utf8')).trim().split('\n');
      expect(chunks).toHaveLength(11);
      expect(chunks.slice(0, 3)).toEqual([`${teamA} 1`, `${teamB} 1000`, `${teamA} 2`]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects parses after close', async () => {
    pool = new MessageParserPool({ size: 1 });
    await pool.close();
    await expect(pool.parse(teamId, 'INBOX', 7n, [plain(1)])).rejects.toThrow(/closed/);
  });
});
