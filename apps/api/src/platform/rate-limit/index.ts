export * from './client-address';
export * from './rate-limit.guard';
export * from './rate-limit.module';
export * from './rate-limiter';
