import { connect, createServer, type Server, type Socket } from 'node:net';

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

function closeAll(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A port of 127.0.0.1 where nothing listens (connections are refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that accepts TCP connections and never says a word (no IMAP greeting). */
export async function startSilentServer(): Promise<{
  port: number;
  connections: () => number;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listen(server);
  return { port, connections: () => connections, close: () => closeAll(server, sockets) };
}

/**
 * A TCP proxy to 127.0.0.1:targetPort that drops every connection at once while `broken`, recording when each
 * attempt came, and forwards them once repaired.
 */
export async function startFlakyProxy(targetPort: number): Promise<{
  port: number;
  /** Times (Date.now()) of the connections dropped while broken. */
  dropped: number[];
  repair(): void;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  const dropped: number[] = [];
  let broken = true;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    if (broken) {
      dropped.push(Date.now());
      socket.destroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('error', () => socket.destroy());
    upstream.on('close', () => {
      sockets.delete(upstream);
      socket.destroy();
    });
    socket.on('close', () => upstream.destroy());
    socket.pipe(upstream);
    upstream.pipe(socket);
  });
  const port = await listen(server);
  return {
    port,
    dropped,
    repair() {
      broken = false;
    },
    close: () => closeAll(server, sockets),
  };
}
