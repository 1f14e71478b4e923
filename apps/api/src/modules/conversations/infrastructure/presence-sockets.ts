import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { rooms } from '@teaminbox/contracts';
import { InjectPusher, type ModulePusher } from '../../../platform/realtime/module-pusher';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway';
import type { CONVERSATIONS_PUSHES } from '../conversations.manifest';
import { PresenceRegistry } from './presence.registry';

/**
 * Connects presence to the sockets: every change goes to the team room as 'email.presence' (every replica's
 * sockets), and a user whose last socket closed, on any replica, stops viewing every email at once (a closed
 * browser does not wait for the TTL).
 */
@Injectable()
export class PresenceSockets implements OnApplicationBootstrap {
  private readonly logger = new Logger(PresenceSockets.name);

  constructor(
    private readonly registry: PresenceRegistry,
    private readonly gateway: RealtimeGateway,
    @InjectPusher() private readonly pushes: ModulePusher<typeof CONVERSATIONS_PUSHES>,
  ) {}

  onApplicationBootstrap(): void {
    this.registry.onChange = (teamId, presence) => this.pushes.toTeam(teamId).emit('email.presence', presence);
    const server = this.gateway.server;
    if (!server) {
      this.logger.warn('No socket server: presence ends by TTL only');
      return;
    }
    server.on('connection', (socket) => {
      socket.on('disconnect', () => {
        const userId = socket.data.userId;
        if (!userId) return;
        server
          .in(rooms.user(userId))
          .fetchSockets()
          .then((open) => {
            if (open.every((other) => other.id === socket.id)) return this.registry.leaveAll(userId);
          })
          .catch((error: unknown) => this.logger.warn(`Presence cleanup failed: ${(error as Error).message}`));
      });
    });
  }
}
