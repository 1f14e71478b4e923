/**
 * The members' browsers of the notifications benchmark, in a process of their own (as browsers are): connects one
 * socket.io client per token given on stdin, reports 'ready', records when each notification arrives (`user.notifications`), and
 * sends the records to the parent when asked.
 */
import { io, type Socket } from 'socket.io-client';
import type { Notification } from '@teaminbox/contracts';

const received: { emailId: string; at: number }[] = [];
const sockets: Socket[] = [];

process.on('message', async (message: { type: 'connect'; baseUrl: string; tokens: string[] } | { type: 'report' }) => {
  if (message.type === 'connect') {
    for (const token of message.tokens) {
      const socket = io(message.baseUrl, { path: '/ws', transports: ['websocket'], auth: { token } });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      socket.on('user.notifications', (list: Notification[]) => {
        const at = Date.now();
        for (const n of list) received.push({ emailId: n.emailId ?? '', at });
      });
      sockets.push(socket);
    }
    process.send?.({ type: 'ready' });
  } else {
    for (const socket of sockets) socket.close();
    // Exit only once the (large) report has left: exiting at once can drop it.
    process.send?.({ type: 'report', received }, undefined, {}, () => process.exit(0));
  }
});
