import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A TCP proxy in front of a real IMAP server that lies about one message: when the server sends that UID's body
 * (`BODY[]` in a FETCH answer), the proxy announces a literal of `inflatedBytes` instead and streams that many
 * filler bytes (with backpressure, so the proxy itself holds little), then drops the real body. Everything else
 * passes unchanged. It stands for a server that sends more than the size it reported (RFC822.SIZE).
 */
export interface InflatingProxy {
  port: number;
  /** Filler bytes the client accepted before it closed the connection, per inflated answer. */
  inflations(): number[];
  close(): Promise<void>;
}

const CRLF = Buffer.from('\r\n');
const FILLER = Buffer.alloc(64 * 1024, 'x');

export async function startInflatingProxy(
  upstream: { host: string; port: number },
  targetUid: number,
  inflatedBytes: number,
): Promise<InflatingProxy> {
  const sockets = new Set<Socket>();
  const inflations: number[] = [];

  const server: Server = createServer((client) => {
    const imap = connect(upstream.port, upstream.host);
    sockets.add(client).add(imap);
    const end = () => {
      client.destroy();
      imap.destroy();
    };
    client.on('error', end).on('close', end);
    imap.on('error', end).on('close', end);
    client.pipe(imap);

    let buffer = Buffer.alloc(0);
    /** Bytes of a literal still to pass (or to drop, when inflated). */
    let literal = 0;
    let dropping = false;
    let busy = Promise.resolve();

    const inflate = async () => {
      let sent = 0;
      inflations.push(0);
      const index = inflations.length - 1;
      while (sent < inflatedBytes && !client.destroyed) {
        const chunk = FILLER.subarray(0, Math.min(FILLER.length, inflatedBytes - sent));
        sent += chunk.length;
        inflations[index] = sent;
        if (!client.write(chunk)) await new Promise((resolve) => client.once('drain', resolve).once('close', resolve));
      }
    };

    const pump = async () => {
      for (;;) {
        if (literal > 0) {
          if (buffer.length === 0) return;
          const take = buffer.subarray(0, literal);
          buffer = buffer.subarray(take.length);
          literal -= take.length;
          if (!dropping) client.write(take);
          continue;
        }
        const end = buffer.indexOf(CRLF);
        if (end < 0) return;
        const line = buffer.subarray(0, end + 2);
        buffer = buffer.subarray(end + 2);
        const text = line.toString('latin1');
        const announced = /\{(\d+)\}\r\n$/.exec(text);
        const uid = /\bUID (\d+)\b/.exec(text);
        if (announced && uid && Number(uid[1]) === targetUid && /BODY\[\]/.test(text)) {
          client.write(text.replace(/\{\d+\}\r\n$/, `{${inflatedBytes}}\r\n`), 'latin1');
          literal = Number(announced[1]);
          dropping = true;
          await inflate();
          continue;
        }
        client.write(line);
        if (announced) {
          literal = Number(announced[1]);
          dropping = false;
        }
      }
    };

    imap.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      imap.pause();
      busy = busy.then(pump).finally(() => imap.resume());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as { port: number }).port,
    inflations: () => [...inflations],
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
