import { Logger } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { type ClientToServerEvents, rooms, type ServerToClientEvents, SOCKET_PATH } from '@teaminbox/contracts';
import type { Server, Socket } from 'socket.io';
import { AccessTokenService } from '../auth/access-token.service';
import { SocketMemberships } from './socket-memberships';

interface SocketData {
  userId: string;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** The bearer token of a handshake: auth.token, the Authorization header, or the token query parameter. */
export function handshakeToken(socket: Pick<Socket, 'handshake'>): string | null {
  const { auth, headers, query } = socket.handshake;
  const fromAuth = typeof auth?.token === 'string' ? auth.token : null;
  const header = headers.authorization;
  const fromHeader =
    typeof header === 'string' && /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '') : null;
  const fromQuery = typeof query?.token === 'string' ? query.token : null;
  const token = (fromAuth ?? fromHeader ?? fromQuery)?.replace(/^Bearer\s+/i, '').trim();
  return token || null;
}

/**
 * socket.io on the HTTP server's path /ws. A handshake without a valid JWT, or with one whose session
 * has ended (see AccessTokenService), is refused; an accepted socket joins user:<id> and, when the
 * user has one, team:<teamId>.
 */
@WebSocketGateway({ path: SOCKET_PATH, serveClient: false })
export class RealtimeGateway implements OnGatewayInit<RealtimeServer>, OnGatewayConnection<RealtimeSocket> {
  private readonly logger = new Logger(RealtimeGateway.name);

  @WebSocketServer()
  server!: RealtimeServer;

  constructor(
    private readonly tokens: AccessTokenService,
    private readonly memberships: SocketMemberships,
  ) {}

  afterInit(server: RealtimeServer): void {
    server.use((socket, next) => {
      this.tokens
        .verify(handshakeToken(socket))
        .then((user) => {
          if (!user) return next(new Error('Unauthorized'));
          socket.data.userId = user.id;
          next();
        })
        .catch((error: unknown) => next(error instanceof Error ? error : new Error(String(error))));
    });
  }

  async handleConnection(socket: RealtimeSocket): Promise<void> {
    const userId = socket.data.userId;
    if (!userId) {
      socket.disconnect(true);
      return;
    }
    await socket.join(rooms.user(userId));
    try {
      const teamId = await this.memberships.teamOf(userId);
      if (teamId) await socket.join(rooms.team(teamId));
    } catch (error) {
      this.logger.warn(`Could not look up the team of a socket's user: ${(error as Error).message}`);
    }
  }

  toTeam(teamId: string): ReturnType<RealtimeServer['to']> {
    return this.server.to(rooms.team(teamId));
  }

  toUser(userId: string): ReturnType<RealtimeServer['to']> {
    return this.server.to(rooms.user(userId));
  }

  /** Ends every socket of a user (after their sessions ended); a reconnect needs a valid token. */
  disconnectUser(userId: string): void {
    this.server.in(rooms.user(userId)).disconnectSockets(true);
  }

  /** Makes a user's open sockets join their team's room (after the user joined a team). */
  joinTeam(userId: string, teamId: string): void {
    this.server.in(rooms.user(userId)).socketsJoin(rooms.team(teamId));
  }
}
