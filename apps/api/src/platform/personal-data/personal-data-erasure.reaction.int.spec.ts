import { randomUUID } from 'node:crypto';
import type { DataSubjectErased } from '@teaminbox/contracts';
import { systemMetadata } from '../../../test/support/event-metadata';
import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../test/support/test-database';
import type { StoredEvent } from '../event-store/event-store.port';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import type { Projection } from '../projections/projection';
import type { ProjectionRunner } from '../projections/projection-runner';
import { ERASURE_PAGE, PersonalDataErasureReaction } from './personal-data-erasure.reaction';
import { PersonalDataEventStore } from './personal-data-event-store';
import { PersonalDataIndex } from './personal-data-index';
import { PersonalDataKeyring } from './personal-data-keyring';
import { PersonalDataRegistry } from './personal-fields';

interface Note {
  teamId: string;
  about: string;
  text: string;
}

const metadata = systemMetadata;

describe('the erasure reaction: keys deleted in its checkpoint transaction, read models written again page by page', () => {
  let db: MigratedTestDataSource;
  let adapter: PostgresEventStore;
  const registry = new PersonalDataRegistry();
  registry.declare<Note>('NoteWritten', (note) => [{ teamId: note.teamId, address: note.about, paths: ['text'] }]);

  beforeAll(async () => {
    db = await createMigratedTestDataSource();
    adapter = new PostgresEventStore({ url: db.url });
  });
  afterAll(async () => {
    await adapter?.close();
    await db?.drop();
  });

  it('resumes after the last page written when a page fails, and forgets the keys in the index once done', async () => {
    const keyring = new PersonalDataKeyring(db.dataSource, 's'.repeat(40));
    const index = new PersonalDataIndex(db.dataSource);
    await index.backfill(async () => []);
    const store = new PersonalDataEventStore(adapter, registry, keyring, index);
    const teamId = randomUUID();
    const person = 'erased.person@example.com';
    const notes = ERASURE_PAGE * 2 + 50;
    for (let start = 0; start < notes; start += 100)
      await store.appendToStream(
        `notes-${randomUUID()}`,
        Array.from({ length: Math.min(100, notes - start) }, (_, n) => ({
          eventId: randomUUID(),
          type: 'NoteWritten',
          data: { teamId, about: person, text: `Note ${start + n} about ${person}` },
          metadata: metadata(),
        })),
        'no_stream',
      );

    // A projection that copies the text; its second page fails once (a deadlock, a restart).
    const written: { eventId: string; text: string }[][] = [];
    let failures = 1;
    const projection: Projection = {
      name: 'notes',
      eventTypes: ['NoteWritten'],
      handle: async () => undefined,
      reset: async () => undefined,
      rewritePersonalData: async (events) => {
        if (written.length === 1 && failures-- > 0) throw new Error('the page failed');
        written.push(events.map((event) => ({ eventId: event.eventId, text: (event.data as Note).text })));
      },
    };
    const waited: unknown[] = [];
    const runner = {
      registeredProjections: () => [projection],
      waitFor: async (position: unknown) => {
        waited.push(position);
        return true;
      },
    } as unknown as ProjectionRunner;
    const reaction = new PersonalDataErasureReaction(db.dataSource, store, index, keyring, registry, runner, {
      log: () => undefined,
    });

    const subjectId = keyring.subjectId(teamId, person);
    const keyIds = await keyring.keyIdsOf({ teamId, subjectId });
    const erasure: StoredEvent<DataSubjectErased> = {
      eventId: randomUUID(),
      type: 'DataSubjectErased',
      streamId: `data-subject-${subjectId}`,
      streamVersion: 1,
      position: { commit: 1n, prepare: 1n },
      recordedAt: new Date(),
      metadata: metadata(),
      data: { teamId, subjectId, keyIds },
    };
    await db.dataSource.transaction((tx) => reaction.handle([erasure], tx));
    expect(await keyring.keyIdsOf({ teamId, subjectId })).toEqual([]);
    expect(written).toEqual([]);

    await expect(reaction.afterCommit([erasure])).rejects.toThrow('the page failed');
    const [progress] = (await db.dataSource.query(
      `SELECT events_rewritten, finished_at FROM personal_data_erasure WHERE event_id = $1`,
      [erasure.eventId],
    )) as { events_rewritten: number; finished_at: Date | null }[];
    expect(progress).toEqual({ events_rewritten: ERASURE_PAGE, finished_at: null });

    // Run again (the runner retries afterCommit): the first page is not written twice.
    await reaction.afterCommit([erasure]);
    expect(written.map((page) => page.length)).toEqual([ERASURE_PAGE, ERASURE_PAGE, 50]);
    expect(new Set(written.flat().map((event) => event.eventId)).size).toBe(notes);
    expect(written.flat().every((event) => event.text === '[erased]')).toBe(true);
    expect(waited).toEqual([erasure.position, erasure.position]);
    const [done] = (await db.dataSource.query(
      `SELECT events_rewritten, finished_at IS NOT NULL AS finished FROM personal_data_erasure WHERE event_id = $1`,
      [erasure.eventId],
    )) as { events_rewritten: number; finished: boolean }[];
    expect(done).toEqual({ events_rewritten: notes, finished: true });
    expect(await index.eventsSealedWith(keyIds, null, 10)).toEqual([]);

    // Done: once more does nothing.
    await reaction.afterCommit([erasure]);
    expect(written).toHaveLength(3);
  });
});
