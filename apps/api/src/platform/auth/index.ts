export * from './access-token.service';
export * from './auth.module';
export * from './authenticated-user';
export * from './current-user.decorator';
export * from './public.decorator';
