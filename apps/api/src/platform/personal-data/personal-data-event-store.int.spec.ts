import { randomUUID } from 'node:crypto';
import { systemMetadata } from '../../../test/support/event-metadata';
import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../test/support/test-database';
import { START } from '../event-store/event-store.port';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { PersonalDataEventStore } from './personal-data-event-store';
import { PersonalDataIndex } from './personal-data-index';
import { PersonalDataKeyring } from './personal-data-keyring';
import { PersonalDataRegistry } from './personal-fields';

interface Message {
  teamId: string;
  from: string;
  to: string[];
  body: string;
  size: number;
}

const SECRETS_KEY = 's'.repeat(40);
const metadata = systemMetadata;

describe('the event store with personal data sealed (PostgreSQL)', () => {
  let db: MigratedTestDataSource;
  let adapter: PostgresEventStore;
  let keyring: PersonalDataKeyring;
  let store: PersonalDataEventStore;
  const registry = new PersonalDataRegistry();
  registry.declare<Message>('MessageArrived', (message) => [
    { teamId: message.teamId, address: message.from, paths: ['from', 'body'] },
    ...message.to.map((address, index) => ({ teamId: message.teamId, address, paths: [`to.${index}`] })),
  ]);

  beforeAll(async () => {
    db = await createMigratedTestDataSource();
    adapter = new PostgresEventStore({ url: db.url });
    keyring = new PersonalDataKeyring(db.dataSource, SECRETS_KEY);
    store = new PersonalDataEventStore(adapter, registry, keyring);
  });
  afterAll(async () => {
    await adapter?.close();
    await db?.drop();
  });

  const arrived = (message: Message) => ({
    eventId: randomUUID(),
    type: 'MessageArrived',
    data: message,
    metadata: metadata(),
  });
  const storedText = async (streamId: string) =>
    (
      (await db.dataSource.query('SELECT data::text AS data FROM events WHERE stream_id = $1', [streamId])) as {
        data: string;
      }[]
    )
      .map((row) => row.data)
      .join('\n');

  it('stores personal fields sealed, reads them back on every path, and reads plain events as they are', async () => {
    const teamId = randomUUID();
    const streamId = `message-${randomUUID()}`;
    const message = {
      teamId,
      from: 'Jana@Example.com',
      to: ['desk@example.com'],
      body: 'Call me on 777 123 456',
      size: 3,
    };
    await store.appendToStream(streamId, [arrived(message)], 'no_stream');
    const before = {
      teamId,
      from: 'old@example.com',
      to: ['desk-old@example.com'],
      body: 'plain, from before',
      size: 1,
    };
    await adapter.appendToStream(streamId, [arrived(before)], 1);

    const text = await storedText(streamId);
    for (const secret of ['Jana@Example.com', 'desk@example.com', '777 123 456']) expect(text).not.toContain(secret);
    expect(text).toContain('plain, from before');

    const [sealedEvent, plainEvent] = await store.readStream(streamId);
    expect(sealedEvent.data).toEqual(message);
    expect(sealedEvent.metadata.personalDataKeys).toHaveLength(2);
    expect(plainEvent.data).toEqual(before);
    expect((await store.readStreams([streamId])).get(streamId)?.map((event) => event.data)).toEqual([message, before]);
    // The global log shows a transaction once no older one is open on the server (other databases' included): wait.
    const fromLog = async () =>
      (await store.readAll({ after: START, maxCount: 10_000 })).find((event) => event.eventId === sealedEvent.eventId);
    const deadline = Date.now() + 10_000;
    while (!(await fromLog()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await fromLog())?.data).toEqual(message);
  });

  it('keys a subject per team and normalised address, creating many in one batch and reusing them', async () => {
    const teamId = randomUUID();
    const otherTeam = randomUUID();
    const senders = Array.from({ length: 50 }, (_, index) => `person-${index}@example.com`);
    const events = senders.map((from) => arrived({ teamId, from, to: [], body: 'b', size: 1 }));
    await store.appendToStream(`batch-${randomUUID()}`, events, 'no_stream');
    const count = async (team: string) =>
      Number(
        (
          (await db.dataSource.query('SELECT count(*) AS n FROM personal_data_key WHERE team_id = $1', [team])) as {
            n: string;
          }[]
        )[0].n,
      );
    expect(await count(teamId)).toBe(50);
    // The same person again (another case), and in another team: a new key only for the other team.
    await store.appendToStream(
      `batch-${randomUUID()}`,
      [
        arrived({ teamId, from: ' PERSON-0@example.com', to: [], body: 'b', size: 1 }),
        arrived({ teamId: otherTeam, from: 'person-0@example.com', to: [], body: 'b', size: 1 }),
      ],
      'no_stream',
    );
    expect(await count(teamId)).toBe(50);
    expect(await count(otherTeam)).toBe(1);
    expect(keyring.subjectId(teamId, 'person-0@example.com')).toBe(keyring.subjectId(teamId, ' Person-0@EXAMPLE.com'));
    expect(keyring.subjectId(teamId, 'person-0@example.com')).not.toBe(
      keyring.subjectId(otherTeam, 'person-0@example.com'),
    );
    // The table holds no address and no key in plain text.
    const rows = JSON.stringify(
      await db.dataSource.query('SELECT * FROM personal_data_key WHERE team_id = $1', [teamId]),
    );
    expect(rows).not.toContain('person-');
  });

  it('writes appends started together in one transaction, their new subjects keyed in one round', async () => {
    // A batch of new mail: one append per email, each of a sender never seen, started in the same turn.
    const teamId = randomUUID();
    const streams = Array.from({ length: 20 }, () => `together-${randomUUID()}`);
    await Promise.all(
      streams.map((streamId, index) =>
        store.appendToStream(
          streamId,
          [arrived({ teamId, from: `new-${index}@example.com`, to: [], body: 'b', size: 1 })],
          'no_stream',
        ),
      ),
    );
    const [row] = (await db.dataSource.query(
      'SELECT count(DISTINCT transaction_id)::int AS n FROM events WHERE stream_id = ANY($1)',
      [streams],
    )) as { n: number }[];
    expect(row.n).toBe(1);
  });

  it('reads "[erased]" in the erased subject\'s fields only, once its key is deleted, in this and a new process', async () => {
    const teamId = randomUUID();
    const streamId = `message-${randomUUID()}`;
    const message = { teamId, from: 'leaving@example.com', to: ['desk@example.com'], body: 'Private', size: 7 };
    await store.appendToStream(streamId, [arrived(message)], 'no_stream');
    const subject = { teamId, subjectId: keyring.subjectId(teamId, 'leaving@example.com') };
    const keyIds = await keyring.keyIdsOf(subject);
    expect(keyIds).toHaveLength(1);

    expect(await keyring.erase(subject, keyIds, db.dataSource)).toEqual(keyIds);
    expect(await keyring.erase(subject, keyIds, db.dataSource)).toEqual([]);
    const expected = { ...message, from: '[erased]', body: '[erased]' };
    expect((await store.readStream(streamId))[0].data).toEqual(expected);
    const fresh = new PersonalDataEventStore(adapter, registry, new PersonalDataKeyring(db.dataSource, SECRETS_KEY));
    expect((await fresh.readStream(streamId))[0].data).toEqual(expected);

    // Another secrets key cannot open the keys: a read fails loudly instead of showing "[erased]".
    const wrongKey = new PersonalDataEventStore(
      adapter,
      registry,
      new PersonalDataKeyring(db.dataSource, 'w'.repeat(40)),
    );
    await expect(wrongKey.readStream(streamId)).rejects.toThrow('cannot be opened');
  });

  it('opens an event once for every reader, frozen, and opens it again after any key is forgotten', async () => {
    const teamId = randomUUID();
    const streamId = `message-${randomUUID()}`;
    const message = { teamId, from: 'shared@example.com', to: ['desk@example.com'], body: 'Once', size: 4 };
    await store.appendToStream(streamId, [arrived(message)], 'no_stream');

    const [first] = await store.readStream(streamId);
    expect(first.data).toEqual(message);
    // Every later read, on any path, shares the opened event.
    expect((await store.readStream(streamId))[0]).toBe(first);
    expect((await store.readStreams([streamId])).get(streamId)?.[0]).toBe(first);
    // The global log shows a transaction once no older one is open on the server (other databases' included): wait.
    const fromLog = async () =>
      (await store.readAll({ after: START, maxCount: 10_000 })).find((e) => e.eventId === first.eventId);
    const deadline = Date.now() + 10_000;
    while (!(await fromLog()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await fromLog()).toBe(first);
    // No reader can change what the others read.
    expect(() => {
      (first.data as Message).body = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      (first.data as Message).to.push('more@example.com');
    }).toThrow(TypeError);
    expect(() => {
      (first as { data: unknown }).data = null;
    }).toThrow(TypeError);

    // Another replica erases the subject: its announcement makes the keyring forget the key, and the event reads erased.
    const subject = { teamId, subjectId: keyring.subjectId(teamId, 'shared@example.com') };
    const keyIds = await keyring.keyIdsOf(subject);
    await db.dataSource.query('DELETE FROM personal_data_key WHERE id = ANY($1::uuid[])', [keyIds]);
    keyring.forget(subject, keyIds);
    const [after] = await store.readStream(streamId);
    expect(after).not.toBe(first);
    expect(after.data).toEqual({ ...message, from: '[erased]', body: '[erased]' });
  });

  it('keeps nothing opened while a key was being forgotten', async () => {
    const teamId = randomUUID();
    const streamId = `message-${randomUUID()}`;
    await store.appendToStream(
      streamId,
      [arrived({ teamId, from: 'racing@example.com', to: [], body: 'Race', size: 4 })],
      'no_stream',
    );
    // An erasure announced while the keys of a read are being fetched.
    class ForgettingKeyring extends PersonalDataKeyring {
      forgetNext = true;
      override async keysById(ids: Iterable<string>): Promise<Map<string, Buffer>> {
        const keys = await super.keysById(ids);
        if (this.forgetNext) this.forgetAll();
        this.forgetNext = false;
        return keys;
      }
    }
    const racing = new PersonalDataEventStore(adapter, registry, new ForgettingKeyring(db.dataSource, SECRETS_KEY));
    const [first] = await racing.readStream(streamId);
    const [second] = await racing.readStream(streamId);
    expect(second).not.toBe(first);
    expect((await racing.readStream(streamId))[0]).toBe(second);
  });

  it('deciphers an event it appended when the stored one is another (an event id stored before is skipped)', async () => {
    const teamId = randomUUID();
    const streamId = `message-${randomUUID()}`;
    const first = arrived({ teamId, from: 'twice@example.com', to: [], body: 'Stored first', size: 1 });
    await new PersonalDataEventStore(adapter, registry, keyring).appendToStream(streamId, [first], 'no_stream');
    // The same event id appended again with another body: the store skips it and keeps the first.
    await store.appendToStream(streamId, [{ ...first, data: { ...first.data, body: 'Appended again' } }], 'any');
    expect((await store.readStream(streamId)).map((event) => (event.data as Message).body)).toEqual(['Stored first']);
  });

  it('records at append which events hold which key, indexes a log written before once, and reads them as erased', async () => {
    const index = new PersonalDataIndex(db.dataSource);
    const indexed = new PersonalDataEventStore(adapter, registry, keyring, index);
    const teamId = randomUUID();
    const streamId = `message-${randomUUID()}`;
    const message = { teamId, from: 'indexed@example.com', to: ['desk@example.com'], body: 'Indexed', size: 7 };
    await indexed.appendToStream(streamId, [arrived(message)], 'no_stream');
    const [appended] = await indexed.readStream(streamId);
    const keyIds = appended.metadata.personalDataKeys as string[];
    expect(keyIds).toHaveLength(2);
    const uses = (await db.dataSource.query(
      `SELECT key_id::text AS "keyId", stream_id AS "streamId" FROM personal_data_key_event WHERE event_id = $1
        ORDER BY key_id`,
      [appended.eventId],
    )) as { keyId: string; streamId: string }[];
    expect(uses).toEqual([...keyIds].sort().map((keyId) => ({ keyId, streamId })));
    const [senderKey] = await keyring.keyIdsOf({ teamId, subjectId: keyring.subjectId(teamId, 'indexed@example.com') });
    expect(await index.eventsSealedWith([senderKey], null, 10)).toEqual([{ eventId: appended.eventId, streamId }]);
    expect(await index.eventsSealedWith([senderKey], appended.eventId, 10)).toEqual([]);

    // Sealed before the index existed (a store without it): found once the log is indexed.
    const older = `message-${randomUUID()}`;
    await store.appendToStream(older, [arrived({ ...message, body: 'Before the index' })], 'no_stream');
    const [before] = await store.readStream(older);
    expect(await index.eventsSealedWith([senderKey], null, 10)).toHaveLength(1);
    // The global log shows a transaction once no older one is open on the server (other databases' included): wait.
    const deadline = Date.now() + 10_000;
    const inLog = async () =>
      (await store.readAll({ after: START, maxCount: 10_000 })).some((event) => event.eventId === before.eventId);
    while (!(await inLog()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await db.dataSource.query('DELETE FROM personal_data_index_backfill');
    expect(await index.isComplete()).toBe(false);
    const types = registry.types();
    await index.backfill((after, maxCount) => indexed.readAllSealed({ after, maxCount, types }));
    expect(await index.isComplete()).toBe(true);
    const found = await index.eventsSealedWith([senderKey], null, 10);
    expect(found.map((event) => event.eventId).sort()).toEqual([appended.eventId, before.eventId].sort());

    // Read through the index with the sender's key taken as erased: the sender's fields read "[erased]", the
    // recipient's address (another subject's key) stays.
    const read = await indexed.readIndexed(found, new Set([senderKey]));
    expect(read.map((event) => event.data)).toEqual([
      { ...message, from: '[erased]', body: '[erased]' },
      { ...message, from: '[erased]', body: '[erased]' },
    ]);
    await index.forgetKeys([senderKey]);
    expect(await index.eventsSealedWith([senderKey], null, 10)).toEqual([]);
  });
});
