import { createServer, type Server, type Socket } from 'node:net';

/** A fake mail server on 127.0.0.1 that answers just enough to be logged in to, and keeps every byte it receives. */
export interface RecordingServer {
  port: number;
  /** Everything clients sent, as latin1 text (base64 SASL answers included as sent). */
  received(): string;
  connections(): number;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as { port: number }).port;
}

/** A line-based server: `greeting` on connect, `answer` for each CRLF-terminated line; every byte is recorded. */
function recording(greeting: string, answer: (socket: Socket, line: string) => void) {
  let data = '';
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString('latin1');
      buffer += chunk.toString('latin1');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        answer(socket, line);
      }
    });
    socket.write(greeting);
  });
  const close = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { server, received: () => data, connections: () => connections, close };
}

/**
 * IMAP: greets, offers AUTH=PLAIN and LOGIN, and refuses every login (NO), so a client sends its credentials and
 * fails. Whatever it sent is in `received()`.
 */
export async function startRecordingImapServer(): Promise<RecordingServer> {
  /** The tag of an AUTHENTICATE waiting for its continuation (the client's next line is the SASL answer). */
  const pending = new WeakMap<Socket, string>();
  const r = recording('* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN AUTH=LOGIN] ready\r\n', (socket, text) => {
    const waiting = pending.get(socket);
    if (waiting) {
      pending.delete(socket);
      socket.write(`${waiting} NO [AUTHENTICATIONFAILED] refused\r\n`);
      return;
    }
    const [tag, command = '', ...rest] = text.split(' ');
    switch (command.toUpperCase()) {
      case 'CAPABILITY':
        socket.write(`* CAPABILITY IMAP4rev1 AUTH=PLAIN AUTH=LOGIN\r\n${tag} OK done\r\n`);
        break;
      case 'AUTHENTICATE':
        if (rest.length > 1) socket.write(`${tag} NO [AUTHENTICATIONFAILED] refused\r\n`);
        else {
          pending.set(socket, tag);
          socket.write('+ \r\n');
        }
        break;
      case 'LOGOUT':
        socket.write(`* BYE\r\n${tag} OK bye\r\n`);
        socket.end();
        break;
      default:
        socket.write(`${tag} NO [AUTHENTICATIONFAILED] refused\r\n`);
    }
  });
  const port = await listen(r.server);
  return { port, received: r.received, connections: r.connections, close: r.close };
}

/** SMTP: greets, offers AUTH PLAIN LOGIN without TLS, and refuses every authentication (535). */
export async function startRecordingSmtpServer(): Promise<RecordingServer> {
  const r = recording('220 recorder ESMTP\r\n', (socket, text) => {
    const command = text.split(' ')[0].toUpperCase();
    if (command === 'EHLO' || command === 'HELO') socket.write('250-recorder\r\n250 AUTH PLAIN LOGIN\r\n');
    else if (command === 'AUTH') {
      if (text.split(' ').length > 2) socket.write('535 5.7.8 refused\r\n');
      else socket.write('334 \r\n');
    } else if (command === 'QUIT') {
      socket.write('221 bye\r\n');
      socket.end();
    } else socket.write('535 5.7.8 refused\r\n');
  });
  const port = await listen(r.server);
  return { port, received: r.received, connections: r.connections, close: r.close };
}
