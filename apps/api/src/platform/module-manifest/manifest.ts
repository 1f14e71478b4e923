import 'reflect-metadata';
import { Module, type ModuleMetadata, type Provider, type Type } from '@nestjs/common';
import type { ICommandHandler, IEventHandler, IQueryHandler } from '@nestjs/cqrs';
import type { Projection, Reaction } from '../projections/projection';
import type { BusEventType } from '../projections/domain-events';
import { MODULE_PUSHER, type PushName } from '../realtime/module-pusher';
import { RealtimeGateway } from '../realtime/realtime.gateway';

export type { PushName } from '../realtime/module-pusher';

/**
 * What a feature module brings to the application, declared once in its entry (`<module>.manifest.ts`, re-exported by
 * `index.ts`). The module's Nest module is declared with FeatureModule(manifest, ...), which provides the handlers,
 * projections and reactions listed here; the platform reads the manifests of the application's modules to run their
 * projections and checkpointed reactions (one that no manifest lists is not run) and checks that no event type has two owners.
 */
export interface ModuleManifest {
  /** The module's name (its folder under modules/). */
  readonly name: string;
  /** The event types this module appends (its own, from the contracts' event maps); each type has one owner. */
  readonly events: readonly BusEventType[];
  /** Its projections: checkpointed read models the projection runner feeds. */
  readonly projections: readonly Type<Projection>[];
  /**
   * Its reactions: @EventsHandler classes (the 'cqrs-event-bus' reaction feeds them once events are stored) and
   * checkpointed Reaction classes (the projection runner feeds them).
   */
  readonly reactions: readonly Type<IEventHandler | Reaction>[];
  readonly commandHandlers: readonly Type<ICommandHandler>[];
  readonly queryHandlers: readonly Type<IQueryHandler>[];
  /**
   * The socket pushes it sends, through its own ModulePusher (FeatureModule provides it; `@InjectPusher()`), which
   * sends no other. Each push has one owner.
   */
  readonly pushes: readonly PushName[];
}

/** Declares a module's manifest; keeps the literal event and push names in its type. */
export function defineModuleManifest<const M extends ModuleManifest>(manifest: M): M {
  return Object.freeze(manifest);
}

const MODULE_MANIFEST = Symbol('teaminbox:module-manifest');

/** The providers a manifest brings: its projections, reactions and command and query handlers. */
export function manifestProviders(manifest: ModuleManifest): Type[] {
  return [...manifest.projections, ...manifest.reactions, ...manifest.commandHandlers, ...manifest.queryHandlers];
}

/**
 * The module's own ModulePusher (token MODULE_PUSHER, not exported: each module's providers get their own), for a
 * manifest that declares pushes.
 */
function pusherProviders(manifest: ModuleManifest): Provider[] {
  if (manifest.pushes.length === 0) return [];
  return [
    {
      provide: MODULE_PUSHER,
      useFactory: (gateway: RealtimeGateway) => gateway.pusher(manifest),
      inject: [RealtimeGateway],
    },
  ];
}

/**
 * @Module for a feature module: provides what its manifest lists (besides the metadata's own providers) and the
 * pusher of its declared pushes, and records the manifest on the class, where the platform finds it (manifestOf).
 */
export function FeatureModule(manifest: ModuleManifest, metadata: ModuleMetadata = {}): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(MODULE_MANIFEST, manifest, target);
    const providers = [...manifestProviders(manifest), ...pusherProviders(manifest), ...(metadata.providers ?? [])];
    Module({ ...metadata, providers })(target);
  };
}

/** The manifest a module class was declared with; undefined for a module that is not a feature module. */
export function manifestOf(moduleClass: unknown): ModuleManifest | undefined {
  if (typeof moduleClass !== 'function') return undefined;
  return Reflect.getOwnMetadata(MODULE_MANIFEST, moduleClass) as ModuleManifest | undefined;
}

/**
 * Checks that no event type and no push is declared by two manifests (or twice by one) and that names are unique.
 * Throws naming the first clash.
 */
export function checkManifests(manifests: readonly ModuleManifest[]): void {
  const names = new Set<string>();
  const events = new Map<string, string>();
  const pushes = new Map<string, string>();
  for (const manifest of manifests) {
    if (names.has(manifest.name)) throw new Error(`Two modules declare the manifest '${manifest.name}'`);
    names.add(manifest.name);
    for (const [kind, owners, declared] of [
      ['event type', events, manifest.events],
      ['push', pushes, manifest.pushes],
    ] as const) {
      for (const item of declared) {
        const owner = owners.get(item);
        if (owner !== undefined) {
          throw new Error(`The ${kind} '${item}' is declared by the modules '${owner}' and '${manifest.name}'`);
        }
        owners.set(item, manifest.name);
      }
    }
  }
}
