import { type AddressInfo, createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can stall: while stalled it forwards nothing either way
 * and holds what the client sent, its hang-up included, then delivers it all on `resume()`. To the
 * client, and to the server, that is a database that stops answering and wakes later: what was
 * sent meanwhile still runs. The shared test server itself is never stopped.
 */
export class StallingProxy {
  private stalled = false;
  /** Once a client sends these bytes, its statement reaches the server but no answer comes back. */
  private answersLostAfter: Buffer | null = null;
  private readonly pipes = new Set<{ resume(): void; closed: Promise<void> }>();

  private constructor(
    private readonly server: Server,
    private readonly upstreamUrl: URL,
  ) {}

  static async start(databaseUrl: string): Promise<StallingProxy> {
    const upstreamUrl = new URL(databaseUrl);
    const server = createServer();
    const proxy = new StallingProxy(server, upstreamUrl);
    server.on('connection', (client) => proxy.pipe(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  /** The database URL through the proxy. */
  get url(): string {
    const url = new URL(this.upstreamUrl);
    url.hostname = '127.0.0.1';
    url.port = String((this.server.address() as AddressInfo).port);
    return url.toString();
  }

  stall(): void {
    this.stalled = true;
  }

  /**
   * The next message containing `text` (a COMMIT, say) is delivered to the server, and from then on
   * nothing the server answers on that connection reaches the client: a database that stalled just
   * after it received the statement, which it still runs.
   */
  loseAnswersAfter(text: string): void {
    this.answersLostAfter = Buffer.from(text);
  }

  resume(): void {
    this.stalled = false;
    for (const pipe of this.pipes) pipe.resume();
  }

  /** Resolves once every connection through the proxy has closed on both sides. */
  async untilAllClosed(): Promise<void> {
    await Promise.all([...this.pipes].map((pipe) => pipe.closed));
  }

  async close(): Promise<void> {
    this.resume();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private pipe(client: Socket): void {
    const upstream = connect(Number(this.upstreamUrl.port || 5432), this.upstreamUrl.hostname);
    const held: { toServer: (Buffer | null)[]; toClient: (Buffer | null)[] } = { toServer: [], toClient: [] };
    const deliver = () => {
      for (const chunk of held.toServer.splice(0)) {
        if (chunk === null) upstream.end();
        else upstream.write(chunk);
      }
      for (const chunk of held.toClient.splice(0)) {
        if (client.destroyed) continue;
        if (chunk === null) client.end();
        else client.write(chunk);
      }
    };
    let answersLost = false;
    const forward = (queue: (Buffer | null)[]) => (chunk: Buffer | null) => {
      if (answersLost && queue === held.toClient) return;
      queue.push(chunk);
      if (!this.stalled) deliver();
    };
    client.on('data', (chunk: Buffer) => {
      forward(held.toServer)(chunk);
      if (this.answersLostAfter && chunk.includes(this.answersLostAfter)) {
        this.answersLostAfter = null;
        answersLost = true;
      }
    });
    // A client that hangs up while stalled is heard of only on resume, after what it sent before.
    client.on('close', () => forward(held.toServer)(null));
    upstream.on('data', forward(held.toClient));
    upstream.on('end', () => forward(held.toClient)(null));
    client.on('error', () => undefined);
    upstream.on('error', () => client.destroy());
    const closed = Promise.all([
      new Promise((resolve) => client.once('close', resolve)),
      new Promise((resolve) => upstream.once('close', resolve)),
    ]).then(() => undefined);
    const pipe = { resume: deliver, closed };
    this.pipes.add(pipe);
  }
}
