import { Global, Module } from '@nestjs/common';
import { RealtimeMetrics } from './realtime-metrics';
import { RealtimeGateway } from './realtime.gateway';

@Global()
@Module({ providers: [RealtimeGateway, RealtimeMetrics], exports: [RealtimeGateway] })
export class RealtimeModule {}
