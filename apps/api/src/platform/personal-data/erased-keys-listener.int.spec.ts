import { randomUUID } from 'node:crypto';
import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../test/support/test-database';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { ErasedKeysListener } from './erased-keys-listener';
import { PersonalDataEventStore } from './personal-data-event-store';
import { PersonalDataKeyring } from './personal-data-keyring';
import { PersonalDataRegistry } from './personal-fields';

interface Message {
  teamId: string;
  from: string;
  body: string;
}

const SECRETS_KEY = 'k'.repeat(40);
const quiet = { log: () => undefined, warn: () => undefined };

/** Polls until the condition holds (at most 10 s). */
async function eventually(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('The condition did not hold within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('erasures reach the key cache of every process on the database', () => {
  let db: MigratedTestDataSource;
  let adapter: PostgresEventStore;
  let listener: ErasedKeysListener;
  const registry = new PersonalDataRegistry();
  registry.declare<Message>('MessageArrived', (message) => [
    { teamId: message.teamId, address: message.from, paths: ['from', 'body'] },
  ]);

  beforeAll(async () => {
    db = await createMigratedTestDataSource();
    adapter = new PostgresEventStore({ url: db.url });
  });
  afterEach(async () => {
    await listener?.stop();
  });
  afterAll(async () => {
    await adapter?.close();
    await db?.drop();
  });

  /**
   * A replica: its own keyring (and cache, listening for erasures) and store, which reads a sealed field and so
   * caches its key; another replica then erases the subject through its own keyring. The listener starts first: its
   * connection forgets every key, which would hide an unannounced erasure.
   */
  async function scenario() {
    const keyring = new PersonalDataKeyring(db.dataSource, SECRETS_KEY);
    listener = new ErasedKeysListener(db.url, keyring, quiet);
    await listener.start();
    const store = new PersonalDataEventStore(adapter, registry, keyring);
    const teamId = randomUUID();
    const streamId = `message-${randomUUID()}`;
    await store.appendToStream(
      streamId,
      [
        {
          eventId: randomUUID(),
          type: 'MessageArrived',
          data: { teamId, from: 'leaving@example.com', body: 'Private' },
          metadata: {
            actorUserId: null,
            teamId,
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      'no_stream',
    );
    const from = async () => ((await store.readStream(streamId))[0].data as Message).from;
    expect(await from()).toBe('leaving@example.com');
    const other = new PersonalDataKeyring(db.dataSource, SECRETS_KEY);
    const subject = { teamId, subjectId: other.subjectId(teamId, 'leaving@example.com') };
    const keyIds = await other.keyIdsOf(subject);
    expect(await other.erase(subject, keyIds, db.dataSource)).toEqual(keyIds);
    return { from, announce: () => other.announceErased(subject, keyIds) };
  }

  it("drops a key another process erased from this process's cache once announced", async () => {
    const { from, announce } = await scenario();
    // Unannounced, the cached key still opens the fields: what the announcement is for.
    expect(await from()).toBe('leaving@example.com');
    await announce();
    await eventually(async () => (await from()) === '[erased]');
    expect(await from()).toBe('[erased]');
  });

  it('drops the whole cache when its lost connection is back (an announcement may have been missed)', async () => {
    const { from } = await scenario();
    expect(await from()).toBe('leaving@example.com');
    await db.dataSource.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'teaminbox-erased-keys' AND datname = current_database()`,
    );
    await eventually(async () => (await from()) === '[erased]');
    await eventually(async () => listener.listening);
  });
});
