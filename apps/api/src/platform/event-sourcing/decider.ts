/**
 * A pure aggregate: decide(command, state) -> events, evolve(state, event) -> state.
 * No Nest, no I/O: handlers load the stream, fold it with evolve, call decide and append.
 */
export interface Decider<Command, Event, State> {
  /** The event types of the decider's stream, used to read its history. */
  readonly eventTypes: readonly string[];
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

export function foldEvents<Event, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  events: Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}
