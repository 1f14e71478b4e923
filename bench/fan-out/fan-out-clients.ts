/**
 * Browsers of the fan-out benchmark, in a process of their own: connects one socket.io client per (url, token) given
 * by the parent, reports 'ready', records when each 'team.emails.created' arrives at each client, and sends the
 * records to the parent when asked.
 */
import type { Email } from '@teaminbox/contracts';
import { io, type Socket } from 'socket.io-client';

interface Connect {
  type: 'connect';
  clients: { url: string; token: string }[];
}

const received: { client: number; emailId: string; at: number }[] = [];
const sockets: Socket[] = [];

process.on('message', async (message: Connect | { type: 'count' } | { type: 'report' }) => {
  if (message.type === 'connect') {
    // A few handshakes at a time, as a crowd of browsers would open them.
    for (let i = 0; i < message.clients.length; i += 20) {
      await Promise.all(
        message.clients.slice(i, i + 20).map(({ url, token }, j) => {
          const client = i + j;
          const socket = io(url, { path: '/ws', transports: ['websocket'], auth: { token }, reconnection: false });
          socket.on('team.emails.created', (emails: Email[]) => {
            const at = Date.now();
            for (const email of emails) received.push({ client, emailId: email.id, at });
          });
          sockets.push(socket);
          return new Promise<void>((resolve, reject) => {
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
          });
        }),
      );
    }
    process.send?.({ type: 'ready' });
  } else if (message.type === 'count') {
    process.send?.({ type: 'count', received: received.length });
  } else {
    for (const socket of sockets) socket.close();
    process.send?.({ type: 'report', received }, undefined, {}, () => process.exit(0));
  }
});
