export * from './email-html';
