export * from './mail-content';
export * from './mail.module';
export * from './mailer.service';
export * from './without-addresses';
