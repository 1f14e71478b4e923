import { Global, Injectable, Module } from '@nestjs/common';
import { CqrsModule, EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import type { Projection, Reaction } from '../projections/projection';
import { busEvent } from '../projections/domain-events';
import { ProjectionRunner } from '../projections/projection-runner';
import { ProjectionsModule } from '../projections/projections.module';
import { InjectPusher, MODULE_PUSHER, type ModulePusher } from '../realtime/module-pusher';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { checkManifests, defineModuleManifest, FeatureModule, manifestOf, type ModuleManifest } from './manifest';

function projection(name: string) {
  @Injectable()
  class TestProjection implements Projection {
    readonly name = name;
    readonly eventTypes = ['TeamCreated'];
    async handle(): Promise<void> {}
    async reset(): Promise<void> {}
  }
  return TestProjection;
}

const Listed = projection('test-listed');
const Unlisted = projection('test-unlisted');

const TEST_PUSHES = ['team.label.changed'] as const;

@Injectable()
class ListedReaction implements Reaction {
  readonly name = 'test-listed-reaction';
  readonly eventTypes = ['TeamCreated'];
  constructor(@InjectPusher() readonly pushes: ModulePusher<typeof TEST_PUSHES>) {}
  async afterCommit(): Promise<void> {}
}

@EventsHandler(busEvent('TeamCreated'))
class ListedHandler implements IEventHandler {
  handle(): void {}
}

const TEST_MANIFEST = defineModuleManifest({
  name: 'test',
  events: ['TeamCreated'],
  projections: [Listed],
  reactions: [ListedReaction, ListedHandler],
  commandHandlers: [],
  queryHandlers: [],
  pushes: TEST_PUSHES,
});

@FeatureModule(TEST_MANIFEST, { providers: [Unlisted] })
class TestFeatureModule {}

/** A gateway whose room emits are recorded (the platform's RealtimeModule is global too). */
function recordingRealtime() {
  const sent: [room: string, push: string, payload: unknown][] = [];
  const gateway = new RealtimeGateway({} as never, {} as never);
  gateway.server = {
    of: () => ({ adapter: { serverCount: async () => 1 } }),
    local: { to: (room: string) => ({ emit: (push: string, payload: unknown) => sent.push([room, push, payload]) }) },
  } as never;
  @Global()
  @Module({ providers: [{ provide: RealtimeGateway, useValue: gateway }], exports: [RealtimeGateway] })
  class RecordingRealtimeModule {}
  return { module: RecordingRealtimeModule, sent };
}

/** A stand-in for the runner (no database): records what the platform registers. */
function recordingRunner() {
  return {
    projections: [] as string[],
    reactions: [] as string[],
    registerProjection(p: Projection) {
      this.projections.push(p.name);
    },
    registerReaction(r: Reaction) {
      this.reactions.push(r.name);
    },
    start: async () => undefined,
    stop: async () => undefined,
  };
}

function manifest(name: string, parts: Partial<ModuleManifest>): ModuleManifest {
  return {
    name,
    events: [],
    projections: [],
    reactions: [],
    commandHandlers: [],
    queryHandlers: [],
    pushes: [],
    ...parts,
  };
}

describe('module manifests', () => {
  it('records the manifest on the feature module and provides what it lists', async () => {
    expect(manifestOf(TestFeatureModule)).toBe(TEST_MANIFEST);
    const app = await Test.createTestingModule({ imports: [recordingRealtime().module, TestFeatureModule] }).compile();
    expect(app.get(Listed)).toBeInstanceOf(Listed);
    expect(app.get(ListedReaction)).toBeInstanceOf(ListedReaction);
    expect(app.get(ListedHandler)).toBeInstanceOf(ListedHandler);
    expect(app.get(Unlisted)).toBeInstanceOf(Unlisted);
    await app.close();
  });

  it("provides the module's pusher, which sends the manifest's pushes and refuses any other", async () => {
    const realtime = recordingRealtime();
    const app = await Test.createTestingModule({ imports: [realtime.module, TestFeatureModule] }).compile();
    const { pushes } = app.get(ListedReaction);
    expect(app.get(MODULE_PUSHER, { strict: false })).toBe(pushes);
    pushes.toTeam('t1').emit('team.label.changed', { kind: 'deleted', labelId: 'l1' });
    // @ts-expect-error 'email.reply' is not among the manifest's pushes
    expect(() => pushes.toTeam('t1').emit('email.reply', {})).toThrow(
      "The module 'test' does not declare the push 'email.reply' in its manifest",
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(realtime.sent).toEqual([['team:t1', 'team.label.changed', { kind: 'deleted', labelId: 'l1' }]]);
    await app.close();
  });

  it('the platform runs the projections and reactions of the manifests, and not a projection no manifest lists', async () => {
    const runner = recordingRunner();
    const app = await Test.createTestingModule({
      imports: [
        ProjectionsModule.forRoot({ autoStart: false }),
        CqrsModule.forRoot(),
        recordingRealtime().module,
        TestFeatureModule,
      ],
    })
      .overrideProvider(ProjectionRunner)
      .useValue(runner)
      .compile();
    await app.init();
    expect(runner.projections).toEqual(['test-listed']);
    // The @EventsHandler reaction is fed by the bus, not registered with the runner.
    expect(runner.reactions).toEqual(['test-listed-reaction', 'cqrs-event-bus']);
    await app.close();
  });

  it('refuses an event type or a push declared by two modules', () => {
    expect(() =>
      checkManifests([manifest('a', { events: ['TeamCreated'] }), manifest('b', { events: ['TeamCreated'] })]),
    ).toThrow("The event type 'TeamCreated' is declared by the modules 'a' and 'b'");
    expect(() =>
      checkManifests([manifest('a', { pushes: ['email.reply'] }), manifest('b', { pushes: ['email.reply'] })]),
    ).toThrow("The push 'email.reply' is declared by the modules 'a' and 'b'");
    expect(() => checkManifests([manifest('a', {}), manifest('a', {})])).toThrow(
      "Two modules declare the manifest 'a'",
    );
    expect(() => checkManifests([manifest('a', { events: ['TeamCreated'] }), manifest('b', {})])).not.toThrow();
  });
});
