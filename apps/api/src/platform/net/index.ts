export * from './mail-host-guard';
export * from './outbound-https';
