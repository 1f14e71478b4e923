export * from './job-boss';
