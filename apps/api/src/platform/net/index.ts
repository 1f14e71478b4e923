export * from './mail-host-guard';
