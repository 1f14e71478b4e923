import { Inject } from '@nestjs/common';
import type { PushName, ServerToClientEvents } from '@teaminbox/contracts';

export type { PushName } from '@teaminbox/contracts';

/** Who sends pushes: a module's manifest, or the platform's own list (PLATFORM_PUSHES). */
export interface PushOwner {
  readonly name: string;
  readonly pushes: readonly PushName[];
}

/** Sends the pushes P to some sockets. */
export interface PushEmitter<P extends PushName> {
  emit<E extends P>(push: E, ...args: Parameters<ServerToClientEvents[E]>): void;
}

/**
 * What a module sends pushes through: only the pushes its manifest declares (`ModulePusher<typeof X_PUSHES>`, the list
 * its manifest file declares and its manifest's `pushes` is). Another push does not compile, and is refused at run
 * time with an Error naming the module and the push.
 */
export interface ModulePusher<Declared extends readonly PushName[]> {
  /** The team's sockets, on every replica. */
  toTeam(teamId: string): PushEmitter<Declared[number]>;
  /** The user's sockets, on every replica. */
  toUser(userId: string): PushEmitter<Declared[number]>;
  /** This process's sockets of these users only (one message, encoded once); the caller reaches the other replicas. */
  toUsersHere(userIds: readonly string[]): PushEmitter<Declared[number]>;
}

/** The pushes the platform itself sends (not a module's): none today. Each push has one owner. */
export const PLATFORM_PUSHES = { name: 'platform', pushes: [] } as const satisfies PushOwner;

/** The provider token of a feature module's own ModulePusher (provided by FeatureModule, seen by that module only). */
export const MODULE_PUSHER = Symbol('teaminbox:module-pusher');

/** Injects the module's ModulePusher (declare the parameter as `ModulePusher<typeof X_PUSHES>`). */
export const InjectPusher = (): ParameterDecorator => Inject(MODULE_PUSHER);

/** Throws unless the owner declares the push. */
export function checkDeclared(owner: PushOwner, push: string): void {
  if (!(owner.pushes as readonly string[]).includes(push)) {
    throw new Error(`The module '${owner.name}' does not declare the push '${push}' in its manifest`);
  }
}
