export * from './host-resolver';
export * from './mail-host-guard';
export * from './outbound-https';
export * from './outbound-limits';
