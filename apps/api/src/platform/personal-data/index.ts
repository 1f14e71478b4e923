export * from './personal-fields';
export * from './personal-data-cipher';
export * from './personal-data-keyring';
export * from './personal-data-event-store';
export * from './personal-data-index';
export * from './personal-data-erasure.reaction';
export * from './personal-data.module';
export * from './erased-keys-listener';
