export * from './app-config';
export * from './config.module';
export * from './config.schema';
export * from './load-config';
export * from './vapid-keys';
