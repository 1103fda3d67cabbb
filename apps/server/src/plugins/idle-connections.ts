import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Closing the server waits for every connection to end, and Node closes only those idle when
 * closing begins. Two kinds would then hold a close (a SIGTERM, a test's `close`) for a minute:
 * a connection whose answer was still streaming, idle a moment later but kept alive; and one
 * opened without a request yet (a browser's preconnect, a client replacing a socket), which
 * Node does not count as idle at all. While closing, every connection with no request in flight
 * is closed, as soon as it has none.
 */
export function closeIdleConnectionsWhileClosing(server: Server): { start(): void } {
  const inFlight = new Map<Socket, number>();
  let closing = false;
  const closeIfIdle = (socket: Socket) => {
    if (!closing || (inFlight.get(socket) ?? 0) > 0 || socket.destroyed) return;
    // What the last answer left in the socket's buffer goes out first.
    socket.once('finish', () => socket.destroy());
    socket.end();
  };
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    response.once('close', () => {
      if (!inFlight.has(socket)) return;
      inFlight.set(socket, Math.max(0, (inFlight.get(socket) ?? 1) - 1));
      closeIfIdle(socket);
    });
  });
  return {
    start() {
      closing = true;
      for (const socket of inFlight.keys()) closeIfIdle(socket);
    },
  };
}
