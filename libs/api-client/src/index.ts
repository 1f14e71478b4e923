export * from './token-store';
export * from './api-events';
export * from './http';
export * from './endpoints';
export * from './email-server-config';
export * from './recent-ids';
export * from './realtime-client';
export * from './collaboration';
