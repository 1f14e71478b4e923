export * from './decider';
export * from './domain-error';
export * from './domain-event';
export * from './event-sourced-repository';
export * from './event-sourcing.module';
export * from './read-your-writes';
