export * from './events';
export * from './session.slice';
export * from './session.saga';
export * from './realtime.slice';
export * from './realtime.saga';
export * from './notifications.saga';
export * from './notices.slice';
export * from './store';
