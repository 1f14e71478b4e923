import type { IEvent } from '@nestjs/cqrs';

interface EventHandlerInstance {
  handle(event: IEvent): unknown;
}

/**
 * Lets the cqrs-event-bus reaction wait for the @EventsHandler classes it feeds. @nestjs/cqrs calls handlers
 * without handing their promises back; each handler's handle() is therefore wrapped once at start to keep the
 * promise of every call under the event it handles, until the reaction has seen it settle.
 */
export class EventHandlerSettlement {
  private readonly pending = new Map<IEvent, Promise<unknown>[]>();

  track(handler: EventHandlerInstance): void {
    const handle = handler.handle.bind(handler);
    handler.handle = (event: IEvent) => {
      let result: Promise<unknown>;
      try {
        result = Promise.resolve(handle(event));
      } catch (error) {
        result = Promise.reject(error);
      }
      const calls = this.pending.get(event) ?? [];
      calls.push(result.catch(() => undefined));
      this.pending.set(event, calls);
      return result;
    };
  }

  /** Resolves once every handler call made for these events has settled (failures are the bus's to log). */
  async settled(events: readonly IEvent[]): Promise<void> {
    const calls = events.flatMap((event) => {
      const pending = this.pending.get(event) ?? [];
      this.pending.delete(event);
      return pending;
    });
    await Promise.all(calls);
  }
}
