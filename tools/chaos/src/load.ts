import { Agent, request } from 'node:http';
import type { Attempt, Outcome, PostRecord, RequestKind } from './outcomes';

export interface LoadTargets {
  baseUrl: string;
  headers: Record<string, string>;
  /** Main missions a demand may name: plain ones (no shifts needed), so every POST is valid. */
  mainMissionIds: string[];
  storeIds: number[];
  formId: number;
  /** A period, YYYY-MM-DD both, that holds the seeded data. */
  period: { first: string; last: string };
}

export interface LoadOptions {
  workers: number;
  /** A request with no answer after this long is given up and counted as a timeout. */
  requestTimeoutMs: number;
  /** Pause after a failure, so that an outage is not met with a busy loop of retries. */
  backoffMs: number;
}

const LISTINGS: RequestKind[] = ['forms', 'workforce', 'deliveries', 'pdv', 'registers'];

/** What each worker sends, by weight: demands with and without a key, and the five listings. */
const MIX: [RequestKind, number][] = [
  ['post-keyed', 25],
  ['post-plain', 15],
  ...LISTINGS.map((kind): [RequestKind, number] => [kind, 12]),
];

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * A few keep-alive clients on loopback for the whole run, each sending one request at a time and
 * recording every answer. A keyed demand that fails (an error answer or no answer at all) is sent
 * again, same key and same body, until it is answered 201, as a careful client would.
 */
export class Load {
  readonly attempts: Attempt[] = [];
  readonly posts: PostRecord[] = [];
  private running = false;
  private workers: Promise<void>[] = [];
  private sequence = 0;
  private readonly agent: Agent;
  private readonly runId = Date.now().toString(36);

  constructor(
    private targets: LoadTargets,
    private readonly options: LoadOptions,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: options.workers });
  }

  start(): void {
    this.running = true;
    this.workers = Array.from({ length: this.options.workers }, (_, index) => this.work(index));
  }

  /** Stops sending and waits for the answers still awaited. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
    this.agent.destroy();
  }

  private async work(worker: number): Promise<void> {
    let retry: PostRecord | null = null;
    while (this.running) {
      const kind: RequestKind = retry ? 'post-keyed' : pick(MIX);
      const post: PostRecord | null = retry ?? (kind === 'post-keyed' || kind === 'post-plain' ? this.newPost(kind, worker) : null);
      const attempt: Attempt = post ? await this.send(kind, 'POST', '/v1/missions/demands', post) : await this.send(kind, 'GET', this.listingPath(kind));
      this.attempts.push(attempt);
      if (post) post.attempts.push(attempt);
      const ok: boolean = attempt.outcome.kind === 'answered' && attempt.outcome.status < 300;
      // A keyed demand is sent again until it is created; 409 "still in flight" included, since a
      // request of this client holds the key only while one of its attempts is running.
      const retriable: boolean = attempt.outcome.kind !== 'answered' || attempt.outcome.status === 503 || isInFlight(attempt.outcome);
      retry = post?.key && !ok && retriable ? post : null;
      if (!ok) await sleep(this.options.backoffMs);
    }
  }

  private newPost(kind: RequestKind, worker: number): PostRecord {
    this.sequence += 1;
    const marker = `chaos-${this.runId}-${worker}-${this.sequence}`;
    const { storeIds, mainMissionIds } = this.targets;
    const stores = shuffle(storeIds).slice(0, Math.floor(Math.random() * 3));
    const body = {
      missionMainId: mainMissionIds[this.sequence % mainMissionIds.length],
      datePicked: '2026-12-01',
      participants: 1 + (this.sequence % 3),
      ...(stores.length > 0 ? { storesIds: stores } : {}),
      custom_fields: { fields: [{ field: 'chaos-request', value: marker }] },
    };
    const post: PostRecord = { marker, key: kind === 'post-keyed' ? marker : null, missions: Math.max(1, stores.length), body: JSON.stringify(body), attempts: [] };
    this.posts.push(post);
    return post;
  }

  private listingPath(kind: RequestKind): string {
    const { first, last } = this.targets.period;
    const page = 1 + Math.floor(Math.random() * 3);
    switch (kind) {
      case 'forms':
        return `/v1/forms-data/customers?initialDate=${first}&finalDate=${last}&page=${page}&formId=${this.targets.formId}`;
      case 'workforce':
        return `/v1/missions-users/workforce/reports?page=${page}&itemsPerPage=10`;
      case 'deliveries':
        return `/v1/deliveries/results?startedAt=${first}&endedAt=${last}&page=${page}`;
      case 'pdv':
        return `/v1/pdv/results?startedAt=${first}&endedAt=${last}&page=${page}`;
      default:
        return `/v1/registers/results?page=${page}`;
    }
  }

  private send(kind: RequestKind, method: 'GET' | 'POST', path: string, post?: PostRecord): Promise<Attempt> {
    const headers: Record<string, string> = { ...this.targets.headers };
    if (post) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(post.body));
      if (post.key) headers['idempotency-key'] = post.key;
    }
    const started = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: Outcome) => {
        if (settled) return;
        settled = true;
        resolve({ kind, started, ended: performance.now(), outcome });
      };
      const req = request(new URL(path, this.targets.baseUrl), { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('aborted', () => settle({ kind: 'cut-off', reason: 'aborted' }));
        res.on('error', (error) => settle({ kind: 'cut-off', reason: error.message }));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const declared = res.headers['content-length'];
          if (declared !== undefined && Number(declared) !== body.length) return settle({ kind: 'cut-off', reason: 'short body' });
          const status = res.statusCode ?? 0;
          settle({ kind: 'answered', status, ...(status >= 300 ? { error: errorOf(body) } : {}) });
        });
      });
      req.setTimeout(this.options.requestTimeoutMs, () => {
        settle({ kind: 'timeout' });
        req.destroy();
      });
      req.on('error', (error: NodeJS.ErrnoException) => settle({ kind: 'no-answer', code: error.code ?? error.message }));
      req.end(post?.body);
    });
  }
}

function isInFlight(outcome: Outcome): boolean {
  return outcome.kind === 'answered' && outcome.status === 409 && /in flight/.test(outcome.error ?? '');
}

function errorOf(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error : body.toString('utf8').slice(0, 120);
  } catch {
    return body.toString('utf8').slice(0, 120);
  }
}

function pick(mix: [RequestKind, number][]): RequestKind {
  const total = mix.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [kind, weight] of mix) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return mix[mix.length - 1][0];
}

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
