export * from './identity/identity.schemas';
export * from './conversations/email.schemas';
export * from './conversations/collaboration.schemas';
export * from './events/events';
export * from './realtime/socket-events';
export * from './mail/email-server-config.schemas';
export * from './mail/mail.events';
export * from './mail/send-reply.schemas';
