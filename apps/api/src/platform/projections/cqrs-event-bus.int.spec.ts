import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CqrsModule, EventsHandler, Saga, ofType, type ICommand, type IEvent, type IEventHandler } from '@nestjs/cqrs';
import { Test, type TestingModule } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EmailReceived } from '@teaminbox/contracts';
import { Observable, map } from 'rxjs';
import { migrations } from '../../migrations';
import { createDataSource, runMigrations } from '../database/data-source';
import { EventStoreModule } from '../event-store/event-store.module';
import { EVENT_STORE, NO_STREAM, type EventStore, type Position } from '../event-store/event-store.port';
import { RequestContext, type RequestScope } from '../request-context/request-context';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { busEvent, type BusEvent } from './domain-events';
import { CQRS_EVENT_BUS_REACTION } from './cqrs-event-bus.reaction';
import { ProjectionRunner } from './projection-runner';
import { ProjectionsModule } from './projections.module';

const received: BusEvent<'EmailReceived'>[] = [];
const teams: string[] = [];
const sagaSaw: string[] = [];

@EventsHandler(busEvent('EmailReceived'))
class RecordEmails implements IEventHandler<BusEvent<'EmailReceived'>> {
  handle(event: BusEvent<'EmailReceived'>): void {
    received.push(event);
  }
}

@EventsHandler(busEvent('TeamCreated'))
class RecordTeams implements IEventHandler<BusEvent<'TeamCreated'>> {
  handle({ event }: BusEvent<'TeamCreated'>): void {
    teams.push(event.data.name);
  }
}

const scopes: RequestScope[] = [];
let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => (release = resolve));

@EventsHandler(busEvent('LabelCreated'))
class RecordScope implements IEventHandler<BusEvent<'LabelCreated'>> {
  async handle(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 5));
    scopes.push(RequestContext.current());
  }
}

@EventsHandler(busEvent('LabelDeleted'))
class SlowHandler implements IEventHandler<BusEvent<'LabelDeleted'>> {
  async handle(): Promise<void> {
    await released;
  }
}

@Injectable()
class EmailSaga {
  @Saga()
  emails = (events$: Observable<IEvent>): Observable<ICommand | null> =>
    events$.pipe(
      ofType(busEvent('EmailReceived')),
      map(({ event }) => {
        sagaSaw.push(event.data.subject);
        return null;
      }),
    );
}

function emailReceived(subject: string): EmailReceived {
  return {
    emailId: randomUUID(),
    teamId: randomUUID(),
    messageId: `<${randomUUID()}@example.com>`,
    subject,
    fromName: 'Ada',
    fromEmail: 'ada@example.com',
    to: ['team@example.com'],
    cc: [],
    text: 'Hello',
    html: null,
    receivedAt: new Date().toISOString(),
    priority: 'MEDIUM' as EmailReceived['priority'],
    status: 'OPEN' as EmailReceived['status'],
  };
}

const metadata = () => ({
  actorUserId: null,
  teamId: null,
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
});

describe('cqrs-event-bus reaction (Nest)', () => {
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
      providers: [RecordEmails, RecordTeams, EmailSaga, RecordScope, SlowHandler],
    }).compile();
    await moduleRef.init();
  });

  afterAll(async () => {
    release();
    await moduleRef?.close();
    await database?.drop();
  });

  it('delivers stored events to @EventsHandler classes and sagas from the durable subscription', async () => {
    const store = moduleRef.get<EventStore>(EVENT_STORE);
    const runner = moduleRef.get(ProjectionRunner);
    const emailStream = `email-${randomUUID()}`;
    const appended = await store.appendToStream(
      emailStream,
      [{ eventId: randomUUID(), type: 'EmailReceived', data: emailReceived('Invoice 42'), metadata: metadata() }],
      NO_STREAM,
    );
    await store.appendToStream(
      `team-${randomUUID()}`,
      [
        {
          eventId: randomUUID(),
          type: 'TeamCreated',
          data: { teamId: 't', name: 'Support', createdBy: 'u' },
          metadata: metadata(),
        },
        { eventId: randomUUID(), type: 'SomethingUnknown', data: {}, metadata: metadata() },
      ],
      NO_STREAM,
    );
    for (let i = 0; i < 200 && (received.length === 0 || teams.length === 0 || sagaSaw.length === 0); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(received).toHaveLength(1);
    expect(received[0]).toBeInstanceOf(busEvent('EmailReceived'));
    expect(received[0].event).toMatchObject({ streamId: emailStream, streamVersion: 1, type: 'EmailReceived' });
    expect(received[0].event.data.subject).toBe('Invoice 42');
    expect(received[0].event.position).toEqual(appended.position);
    expect(teams).toEqual(['Support']);
    expect(sagaSaw).toEqual(['Invoice 42']);
    expect(runner.projectionNames()).toEqual([]);
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
    const stored = (
      await moduleRef.get<EventStore>(EVENT_STORE).readAll({ after: { commit: 0n, prepare: 0n }, maxCount: 100 })
    ).filter((event) => event.type === 'LabelCreated');
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
