export * from './projection';
export * from './projection-runner';
export * from './projections.module';
export * from './domain-events';
export * from './cqrs-event-bus.reaction';
export * from './read-model-verifier';
