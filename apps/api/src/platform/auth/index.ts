export * from './access-token.service';
export * from './auth.module';
export * from './authenticated-user';
export * from './clock';
export * from './current-user.decorator';
export * from './public.decorator';
export * from './session-versions';
