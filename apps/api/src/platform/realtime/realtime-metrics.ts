import { Injectable, type OnModuleInit } from '@nestjs/common';
import { METRIC_PREFIX, Metrics } from '../metrics/metrics';
import { RealtimeGateway } from './realtime.gateway';

/** `teaminbox_sockets_connected`: the socket.io connections this process holds now (sum over the replicas). */
@Injectable()
export class RealtimeMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly gateway: RealtimeGateway,
  ) {}

  onModuleInit(): void {
    const gateway = this.gateway;
    this.metrics.gauge({
      name: `${METRIC_PREFIX}sockets_connected`,
      help: 'socket.io connections open on this process.',
      collect() {
        this.set(gateway.server?.sockets.sockets.size ?? 0);
      },
    });
  }
}
