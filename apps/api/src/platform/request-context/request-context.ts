import { AsyncLocalStorage } from 'node:async_hooks';
import type { ActorKind, EventMetadata } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { StoredEvent } from '../event-store/event-store.port';

/** Who acts: a user (id null for an anonymous caller), a rule (with its name) or the system. */
export interface Actor {
  kind: ActorKind;
  id: string | null;
  /** A rule's display name, kept in the events it causes. */
  name?: string;
}

/** What every write in the current request or reaction is attributed to. */
export interface RequestScope {
  /** The request id (X-Request-Id) of an HTTP call, or the correlation id a reaction inherits from its event. */
  correlationId: string;
  /** The event a reaction handles; null for a request. */
  causationId: string | null;
  actor: Actor;
  /** The caller's team once it is known; null otherwise. */
  teamId: string | null;
}

export const ANONYMOUS: Actor = { kind: 'user', id: null };
export const SYSTEM: Actor = { kind: 'system', id: null };

const storage = new AsyncLocalStorage<RequestScope>();

/**
 * The scope of the code running now, kept across awaits (AsyncLocalStorage). The platform opens one per HTTP
 * request (request-id middleware) and one per event a reaction handles; the event-sourced repository reads it to
 * fill every event's metadata, so no handler builds correlation ids or actors by hand.
 */
export const RequestContext = {
  run<T>(scope: RequestScope, fn: () => T): T {
    return storage.run(scope, fn);
  },

  /** The scope of the code running now, or undefined outside any (a background job, the start). */
  peek(): Readonly<RequestScope> | undefined {
    return storage.getStore();
  },

  /** The current scope; outside any (a background job), a fresh one of the system. */
  current(): RequestScope {
    return storage.getStore() ?? { correlationId: uuidv7(), causationId: null, actor: SYSTEM, teamId: null };
  },

  /**
   * Runs fn, and every background task it starts, outside any scope: a long-lived worker started by a request (a
   * mailbox saved) must not write as that request's caller for the rest of its life. Its writes are the system's,
   * each under a fresh correlation id.
   */
  detached<T>(fn: () => T): T {
    return storage.exit(fn);
  },

  /** Runs fn as another actor in the same correlation (e.g. a new account acting for itself at registration). */
  actAs<T>(actor: Actor, fn: () => T): T {
    return storage.run({ ...RequestContext.current(), actor }, fn);
  },

  /** Records the authenticated caller of the current request. */
  identify(userId: string, teamId: string | null): void {
    const scope = storage.getStore();
    if (!scope) return;
    scope.actor = { kind: 'user', id: userId };
    scope.teamId = teamId;
  },

  /** The scope of a reaction to a stored event: caused by it, in its correlation, acted by the system. */
  ofEvent(event: StoredEvent): RequestScope {
    return {
      correlationId: event.metadata?.correlationId ?? event.eventId,
      causationId: event.eventId,
      actor: SYSTEM,
      teamId: event.metadata?.teamId ?? null,
    };
  },

  /** The metadata of an event appended now in the current scope; teamId overrides the scope's team. */
  metadata(teamId?: string | null, now: Date = new Date()): EventMetadata {
    const { actor, ...scope } = RequestContext.current();
    return {
      actorUserId: actor.kind === 'user' ? actor.id : null,
      actorKind: actor.kind,
      ...(actor.kind === 'rule' && actor.id ? { actorRule: { id: actor.id, name: actor.name ?? '' } } : {}),
      teamId: teamId === undefined ? scope.teamId : teamId,
      correlationId: scope.correlationId,
      causationId: scope.causationId,
      occurredAt: now.toISOString(),
    };
  },
};
