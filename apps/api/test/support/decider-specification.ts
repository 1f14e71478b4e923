import { deepStrictEqual, ok } from 'node:assert/strict';
import { type Decider, foldEvents } from '../../src/platform/event-sourcing/decider';

/** given(events).when(command).then(expectedEvents) or .thenThrows(check), for decider unit tests. */
export function deciderSpecification<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return {
    given(events: Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, foldEvents(decider, events));
          return {
            then(expected: Event[]): void {
              deepStrictEqual(run(), expected);
            },
            thenThrows(check: (error: unknown) => boolean): void {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              ok(thrown !== undefined, 'expected the decider to throw');
              ok(check(thrown), `unexpected error: ${String(thrown)}`);
            },
          };
        },
      };
    },
  };
}
