import { Injectable } from '@nestjs/common';
import { CqrsModule, EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import type { Projection, Reaction } from '../projections/projection';
import { busEvent } from '../projections/domain-events';
import { ProjectionRunner } from '../projections/projection-runner';
import { ProjectionsModule } from '../projections/projections.module';
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

@Injectable()
class ListedReaction implements Reaction {
  readonly name = 'test-listed-reaction';
  readonly eventTypes = ['TeamCreated'];
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
  pushes: ['team.label.changed'],
});

@FeatureModule(TEST_MANIFEST, { providers: [Unlisted] })
class TestFeatureModule {}

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
    const app = await Test.createTestingModule({ imports: [TestFeatureModule] }).compile();
    expect(app.get(Listed)).toBeInstanceOf(Listed);
    expect(app.get(ListedReaction)).toBeInstanceOf(ListedReaction);
    expect(app.get(ListedHandler)).toBeInstanceOf(ListedHandler);
    expect(app.get(Unlisted)).toBeInstanceOf(Unlisted);
    await app.close();
  });

  it('the platform runs the projections and reactions of the manifests, and not a projection no manifest lists', async () => {
    const runner = recordingRunner();
    const app = await Test.createTestingModule({
      imports: [ProjectionsModule.forRoot({ autoStart: false }), CqrsModule.forRoot(), TestFeatureModule],
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
