import { type AddressInfo, createServer, type Socket } from 'node:net';

export interface FakeRedisServer {
  port: number;
  /** Every command received so far, upper-cased names with their arguments, in order. */
  commands(): string[][];
  /** From now on, read commands but answer none: a Redis that is stopped (SIGSTOP) or stuck. */
  stall(): void;
  /** Answer again, starting with the commands that waited. */
  resume(): void;
  close(): Promise<void>;
}

/**
 * Just enough of Redis's protocol for the cache's client: the handshake, PING, SET, and GET with
 * PTTL in a MULTI (answered as a miss); SUBSCRIBE for the revocation subscriber. What matters is that it can stall while connected.
 */
export async function startFakeRedisServer(options: { stalled?: boolean } = {}): Promise<FakeRedisServer> {
  const sockets = new Set<Socket>();
  const received: string[][] = [];
  let stalled = options.stalled ?? false;
  const waiting: (() => void)[] = [];

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    let buffer = Buffer.alloc(0);
    let inMulti = false;
    let subscribed = false;
    const reply = (command: string[]) => {
      const name = command[0];
      if (name === 'MULTI') {
        inMulti = true;
        return '+OK\r\n';
      }
      if (name === 'EXEC') {
        inMulti = false;
        return '*2\r\n$-1\r\n:-2\r\n';
      }
      if (inMulti) return '+QUEUED\r\n';
      if (name === 'INFO') return '$0\r\n\r\n';
      if (name === 'PING') return subscribed ? '*2\r\n$4\r\npong\r\n$0\r\n\r\n' : '+PONG\r\n';
      if (name === 'SUBSCRIBE') {
        subscribed = true;
        return `*3\r\n$9\r\nsubscribe\r\n$${command[1].length}\r\n${command[1]}\r\n:1\r\n`;
      }
      return '+OK\r\n';
    };
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (let parsed = parseCommand(buffer); parsed; parsed = parseCommand(buffer)) {
        buffer = buffer.subarray(parsed.length);
        const command = parsed.command;
        received.push(command);
        const answer = () => socket.write(reply(command));
        if (stalled) waiting.push(answer);
        else answer();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    commands: () => received.map((command) => [...command]),
    stall: () => {
      stalled = true;
    },
    resume: () => {
      stalled = false;
      for (const answer of waiting.splice(0)) answer();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One RESP array of bulk strings from the front of `buffer`, or null while incomplete. */
function parseCommand(buffer: Buffer): { command: string[]; length: number } | null {
  let offset = 0;
  const line = () => {
    const end = buffer.indexOf('\r\n', offset);
    if (end < 0) return null;
    const text = buffer.toString('latin1', offset, end);
    offset = end + 2;
    return text;
  };
  const header = line();
  if (header === null) return null;
  const count = Number(header.slice(1));
  const command: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const size = line();
    if (size === null) return null;
    const length = Number(size.slice(1));
    if (buffer.length < offset + length + 2) return null;
    command.push(buffer.toString('utf8', offset, offset + length));
    offset += length + 2;
  }
  command[0] = command[0]?.toUpperCase();
  return { command, length: offset };
}
