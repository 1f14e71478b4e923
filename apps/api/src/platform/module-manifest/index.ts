export * from './manifest';
