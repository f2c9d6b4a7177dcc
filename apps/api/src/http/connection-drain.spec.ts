import { Agent, createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { ConnectionDrain } from './connection-drain';

/** A server whose requests to /slow wait until released, counting the requests the app saw. */
async function startServer() {
  const seen: string[] = [];
  const waiting: (() => void)[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push(req.url ?? '');
    const answer = () => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`done ${req.url}`);
    if (req.url === '/slow') waiting.push(answer);
    else answer();
  });
  const drain = new ConnectionDrain(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const fetchText = (path: string) =>
    new Promise<{ status: number; connection: string | undefined; body: string }>((done, fail) => {
      get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
        res.on('error', fail);
      }).on('error', fail);
    });
  const released = () => waiting.splice(0).forEach((answer) => answer());
  const inFlight = () => waiting.length;
  return { server, drain, port, agent, fetchText, seen, released, inFlight };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((tick) => setTimeout(tick, 5));
}

describe('ConnectionDrain: shutdown under keep-alive', () => {
  it('closes an idle keep-alive connection at once and stops accepting new ones', async () => {
    const { drain, port, fetchText, agent } = await startServer();
    expect((await fetchText('/a')).connection).toBe('keep-alive');
    expect(drain.size).toBe(1);
    await drain.drain();
    await expect(fetchText('/b')).rejects.toThrow(/ECONNREFUSED|socket hang up|ECONNRESET/);
    agent.destroy();
    await expect(new Promise((done, fail) => connect(port, '127.0.0.1').on('connect', done).on('error', fail))).rejects.toThrow(/ECONNREFUSED/);
  });

  it('lets a response in flight finish, with Connection: close, then closes its connection', async () => {
    const { drain, fetchText, released, inFlight, agent } = await startServer();
    const slow = fetchText('/slow');
    await until(() => inFlight() === 1);
    let drained = false;
    const draining = drain.drain().then(() => (drained = true));
    await new Promise((tick) => setTimeout(tick, 20));
    expect(drained).toBe(false);
    released();
    expect(await slow).toEqual({ status: 200, connection: 'close', body: 'done /slow' });
    await draining;
    agent.destroy();
  });

  it('a response whose headers left before the drain still ends with its connection closed', async () => {
    const seen: string[] = [];
    let finish: () => void = () => undefined;
    const server = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('part one, ');
      finish = () => res.end('part two');
    });
    const drain = new ConnectionDrain(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const agent = new Agent({ keepAlive: true });
    const body = new Promise<string>((done) =>
      get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/stream', agent }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk)).on('end', () => done(text));
      }),
    );
    await until(() => seen.length === 1);
    const draining = drain.drain();
    finish();
    expect(await body).toBe('part one, part two');
    await draining;
    agent.destroy();
  });

  it('refuses, unprocessed, a request pipelined behind a response in flight', async () => {
    const { drain, port, seen, released, inFlight } = await startServer();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    const closed = new Promise((done) => socket.on('close', done));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => inFlight() === 1);
    const draining = drain.drain();
    socket.write('POST /pipelined HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n');
    await new Promise((tick) => setTimeout(tick, 30));
    released();
    await closed;
    await draining;
    expect(seen).toEqual(['/slow']);
    expect(received).toMatch(/^HTTP\/1.1 200 OK\r\n[\s\S]*Connection: close[\s\S]*done \/slow/);
  });

  it('destroyAll closes a connection whose request never completes', async () => {
    const { drain, port, seen } = await startServer();
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise((done) => socket.on('close', done));
    socket.write('POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly a part');
    await until(() => seen.length === 1);
    let drained = false;
    const draining = drain.drain().then(() => (drained = true));
    await new Promise((tick) => setTimeout(tick, 30));
    expect(drained).toBe(false);
    drain.destroyAll();
    await closed;
    await draining;
  });
});
