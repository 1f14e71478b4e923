export * from './cluster-pool';
export * from './cluster.module';
export * from './lease-connection';
