import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

const REFUSED_BODY = JSON.stringify({ error: 'Service unavailable' });

/**
 * Graceful shutdown on node's http.Server, below any framework: it knows, for every open
 * connection, the responses not yet finished on it. `drain()` stops accepting connections, closes
 * the idle ones at once (keep-alive connections between requests, and requests not yet complete,
 * which the app has not seen), and lets the responses in flight finish with `Connection: close`,
 * closing each connection after its last one. A request pipelined behind a response in flight is
 * refused unprocessed: its connection closes before it could be answered, so the client knows it
 * never ran. A load balancer holding keep-alive connections moves on at once.
 */
export class ConnectionDrain {
  private readonly open = new Map<Socket, Set<ServerResponse>>();
  private draining = false;

  /** Call after the app has attached its request listener, before the server listens. */
  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.open.set(socket, new Set());
      socket.once('close', () => this.open.delete(socket));
    });
    const app = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => this.admit(req, res, app));
  }

  /** Connections still open. */
  get size(): number {
    return this.open.size;
  }

  /** Resolves once every connection has closed. */
  drain(): Promise<void> {
    this.draining = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const [socket, responses] of this.open) {
      if (responses.size === 0) socket.destroy();
      for (const res of responses) if (!res.headersSent) res.setHeader('Connection', 'close');
    }
    return closed;
  }

  /** The last resort of a shutdown that ran out of time: every connection closed, answered or not. */
  destroyAll(): void {
    for (const socket of this.open.keys()) socket.destroy();
  }

  private admit(req: IncomingMessage, res: ServerResponse, app: RequestListener[]): void {
    const socket = req.socket;
    const responses = this.open.get(socket) ?? new Set<ServerResponse>();
    const behindAnother = responses.size > 0;
    responses.add(res);
    res.once('close', () => this.settle(socket, res));
    if (this.draining) {
      res.setHeader('Connection', 'close');
      if (behindAnother) {
        res.writeHead(503, { 'Content-Type': 'application/json', 'X-Content-Type-Options': 'nosniff' }).end(REFUSED_BODY);
        return;
      }
    }
    for (const listener of app) listener.call(this.server, req, res);
  }

  private settle(socket: Socket, res: ServerResponse): void {
    const responses = this.open.get(socket);
    if (!responses) return;
    responses.delete(res);
    // A response that began before the drain went out keep-alive: its connection is closed here.
    if (this.draining && responses.size === 0 && !socket.writableEnded) socket.end(() => socket.destroy());
  }
}
