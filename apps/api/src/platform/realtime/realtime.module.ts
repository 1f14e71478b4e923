import { type DynamicModule, Global, Module, type ModuleMetadata, type Type } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { SocketMemberships } from './socket-memberships';

export interface RealtimeModuleOptions {
  /** Modules that export the memberships implementation. */
  imports: NonNullable<ModuleMetadata['imports']>;
  memberships: Type<SocketMemberships>;
}

@Global()
@Module({})
export class RealtimeModule {
  static forRoot(options: RealtimeModuleOptions): DynamicModule {
    return {
      module: RealtimeModule,
      imports: options.imports,
      providers: [RealtimeGateway, { provide: SocketMemberships, useExisting: options.memberships }],
      exports: [RealtimeGateway],
    };
  }
}
