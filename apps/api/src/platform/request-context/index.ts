export * from './request-context';
export * from './request-context.module';
export * from './request-id.middleware';
