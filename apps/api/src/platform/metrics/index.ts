export * from './metrics';
export * from './metrics.module';
