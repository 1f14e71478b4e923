import { randomUUID } from 'node:crypto';
import { CqrsModule, EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { Test, type TestingModule } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { migrations } from '../../migrations';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { createDataSource, runMigrations } from '../database/data-source';
import { EventStoreModule } from '../event-store/event-store.module';
import { EVENT_STORE, NO_STREAM, type EventStore, type Position } from '../event-store/event-store.port';
import { RequestContext, type RequestScope } from '../request-context/request-context';
import { CQRS_EVENT_BUS_REACTION } from './cqrs-event-bus.reaction';
import { LabelCreatedEvent, LabelDeletedEvent } from './domain-events';
import { ProjectionsModule } from './projections.module';

const scopes: RequestScope[] = [];
let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => (release = resolve));

@EventsHandler(LabelCreatedEvent)
class RecordScope implements IEventHandler<LabelCreatedEvent> {
  async handle(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 5));
    scopes.push(RequestContext.current());
  }
}

@EventsHandler(LabelDeletedEvent)
class SlowHandler implements IEventHandler<LabelDeletedEvent> {
  async handle(): Promise<void> {
    await released;
  }
}

describe('event handlers fed by the durable subscription', () => {
  let database: TestDatabase;
  let moduleRef: TestingModule;

  beforeAll(async () => {
    database = await createTestDatabase();
    moduleRef = await Test.createTestingModule({
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ type: 'postgres', url: database.url }),
          dataSourceFactory: async () => {
            const dataSource = createDataSource({ url: database.url, entities: [], migrations });
            await runMigrations(dataSource);
            return dataSource;
          },
        }),
        EventStoreModule.forRoot({ databaseUrl: database.url }),
        ProjectionsModule,
        CqrsModule.forRoot(),
      ],
      providers: [RecordScope, SlowHandler],
    }).compile();
    await moduleRef.init();
  });
  afterAll(async () => {
    release();
    await moduleRef?.close();
    await database?.drop();
  });

  const append = (type: string, correlationId: string) =>
    moduleRef.get<EventStore>(EVENT_STORE).appendToStream(
      `labels-${randomUUID()}`,
      [
        {
          eventId: randomUUID(),
          type,
          data: { teamId: 't1', labelId: randomUUID() },
          metadata: { actorUserId: 'u1', teamId: 't1', correlationId, causationId: null, occurredAt: '' },
        },
      ],
      NO_STREAM,
    );

  async function until(condition: () => Promise<boolean> | boolean): Promise<void> {
    for (let i = 0; i < 400 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  }

  const afterCommitReached = async (position: Position) => {
    const [row]: { commit: string; prepare: string }[] = await moduleRef.get(DataSource).query(
      `SELECT after_commit_commit::text AS commit, after_commit_prepare::text AS prepare
           FROM projection_checkpoints WHERE name = $1`,
      [CQRS_EVENT_BUS_REACTION],
    );
    const reached = { commit: BigInt(row?.commit ?? 0), prepare: BigInt(row?.prepare ?? 0) };
    return (
      reached.commit > position.commit || (reached.commit === position.commit && reached.prepare >= position.prepare)
    );
  };

  it('handles each event in its own context: caused by the event, in its correlation, acted by the system', async () => {
    await append('LabelCreated', 'req-a');
    await append('LabelCreated', 'req-b');
    await until(() => scopes.length === 2);
    const stored = await moduleRef
      .get<EventStore>(EVENT_STORE)
      .readAll({ after: { commit: 0n, prepare: 0n }, maxCount: 10 });
    expect(scopes).toEqual(
      stored.map((event) => ({
        correlationId: event.metadata.correlationId,
        causationId: event.eventId,
        actor: { kind: 'system', id: null },
        teamId: 't1',
      })),
    );
  });

  it('counts an event as handled only once every handler of it has settled', async () => {
    const { position } = await append('LabelDeleted', 'req-c');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await afterCommitReached(position)).toBe(false);
    release();
    await until(() => afterCommitReached(position));
    expect(await afterCommitReached(position)).toBe(true);
  });
});
