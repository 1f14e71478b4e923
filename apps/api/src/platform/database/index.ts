export * from './embedded-postgres';
export * from './data-source';
