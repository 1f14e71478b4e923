import { Logger } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { createAdapter } from '@socket.io/postgres-adapter';
import { type ClientToServerEvents, rooms, type ServerToClientEvents, SOCKET_PATH } from '@teaminbox/contracts';
import type { Server, Socket } from 'socket.io';
import { AccessTokenService } from '../auth/access-token.service';
import { ClusterPool } from '../cluster/cluster-pool';
import { checkDeclared, type ModulePusher, type PushEmitter, type PushName, type PushOwner } from './module-pusher';

interface SocketData {
  userId: string;
  /** The user's team when the handshake was checked. */
  teamId: string | null;
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

/** What the application emits to a room: its sockets on every replica (see RealtimeGateway.room). */
type RoomEmitter = Pick<ReturnType<RealtimeServer['to']>, 'emit'>;

/**
 * socket.io on the HTTP server's path /ws. A handshake without a valid JWT, or with one whose session
 * has ended (see AccessTokenService), is refused; an accepted socket joins user:<id> and, when the
 * user has one, team:<teamId>.
 *
 * Across replicas: socket.io's Postgres adapter on the application's database (NOTIFY on `socket.io#/`, payloads
 * over 8 kB through the `socket_io_attachments` table). Every emit to a room, every socketsJoin and
 * disconnectSockets, reaches the sockets of every replica; fetchSockets asks them all.
 */
@WebSocketGateway({ path: SOCKET_PATH, serveClient: false })
export class RealtimeGateway implements OnGatewayInit<RealtimeServer>, OnGatewayConnection<RealtimeSocket> {
  @WebSocketServer()
  server!: RealtimeServer;

  private readonly logger = new Logger(RealtimeGateway.name);
  /** The room emits under way, in order (see room()). */
  private emits: Promise<void> = Promise.resolve();

  constructor(
    private readonly tokens: AccessTokenService,
    private readonly cluster: ClusterPool,
  ) {}

  afterInit(server: RealtimeServer): void {
    server.adapter(
      createAdapter(this.cluster.pool, {
        errorHandler: (error) => this.logger.warn(`Socket adapter: ${error.message}`),
      }),
    );
    server.use((socket, next) => {
      this.tokens
        .verify(handshakeToken(socket))
        .then((user) => {
          if (!user) return next(new Error('Unauthorized'));
          socket.data.userId = user.id;
          socket.data.teamId = user.teamId;
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
    if (socket.data.teamId) await socket.join(rooms.team(socket.data.teamId));
  }

  /**
   * The pushes of one owner (a module's manifest, or PLATFORM_PUSHES): a push the owner does not declare does not
   * compile, and throws here, before anything is sent.
   */
  pusher<O extends PushOwner>(owner: O): ModulePusher<O['pushes']> {
    const declared = (emitter: RoomEmitter): PushEmitter<PushName> => ({
      emit: (push, ...args) => {
        checkDeclared(owner, push);
        emitter.emit(push, ...args);
      },
    });
    return {
      toTeam: (teamId) => declared(this.room(rooms.team(teamId))),
      toUser: (userId) => declared(this.room(rooms.user(userId))),
      toUsersHere: (userIds) => declared(this.server.local.to(userIds.map((userId) => rooms.user(userId)))),
    };
  }

  /**
   * Emits to a room's sockets on every replica: through the adapter when it knows other replicas, else to this
   * process's sockets only. Through the adapter an emit waits for its NOTIFY (one statement per message) before it
   * reaches even the local sockets; alone, that is a round trip for no one (see hasOtherReplicas). The emits leave in
   * the order they were asked for.
   */
  private room(name: string): RoomEmitter {
    const emit: RoomEmitter['emit'] = (event, ...args) => {
      this.emits = this.emits
        .then(async () => {
          ((await this.hasOtherReplicas()) ? this.server : this.server.local).to(name).emit(event, ...args);
        })
        .catch((error: unknown) => this.logger.warn(`A push to ${name} failed: ${(error as Error).message}`));
      return true;
    };
    return { emit };
  }

  /**
   * Whether the socket adapter knows another replica: each announces itself when it starts, before it accepts a
   * socket, and beats every few seconds when idle.
   */
  async hasOtherReplicas(): Promise<boolean> {
    return (await this.server.of('/').adapter.serverCount()) > 1;
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
