export * from './event-store.port';
export * from './event-store.factory';
export * from './event-store.module';
export * from './postgres/postgres-event-store';
export * from './esdb/esdb-event-store';
