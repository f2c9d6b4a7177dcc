import {
  type DatabaseChecks,
  type FaultRecord,
  judgeIntegrity,
  recoveryMs,
  reportSegments,
  segmentsOf,
  verdictOf,
} from './analysis';
import type { Attempt, Outcome, PostRecord } from './outcomes';

const answered = (status: number, error?: string): Outcome => ({ kind: 'answered', status, ...(error ? { error } : {}) });
const attempt = (started: number, ended: number, outcome: Outcome, kind: Attempt['kind'] = 'registers'): Attempt => ({ kind, started, ended, outcome });
const post = (marker: string, attempts: Attempt[], options: { keyed?: boolean; missions?: number } = {}): PostRecord => ({
  marker,
  key: options.keyed ? marker : null,
  missions: options.missions ?? 1,
  body: '{}',
  attempts,
});
const fault = (name: string, started: number, ended: number, failures: string[] = []): FaultRecord => ({ name, started, ended, notes: [], failures });
const CLEAN: DatabaseChecks = { demandsWithoutMissions: 0, keysWithTwoDemands: 0, keysLeftInFlight: 0 };

describe('recovery: from the end of a fault to a 2xx, after which no request sent then failed', () => {
  it('is the first 2xx answered after the end', () => {
    const attempts = [attempt(900, 990, answered(503)), attempt(1_000, 1_010, answered(503)), attempt(1_020, 1_300, answered(200))];
    expect(recoveryMs(attempts, 1_000)).toBe(300);
  });

  it('a request sent after the end that still failed holds recovery until its answer', () => {
    const attempts = [attempt(1_000, 1_050, answered(200)), attempt(1_100, 3_400, answered(409, 'A request with this Idempotency-Key is still in flight'))];
    expect(recoveryMs(attempts, 1_000)).toBe(2_400);
  });

  it('a failure of a request sent before the end is the fault itself, not a slow recovery', () => {
    const attempts = [attempt(500, 5_000, answered(503)), attempt(1_000, 1_200, answered(201, undefined))];
    expect(recoveryMs(attempts, 1_000)).toBe(200);
  });

  it('is null when nothing succeeded after the end', () => {
    expect(recoveryMs([attempt(1_000, 1_100, { kind: 'no-answer', code: 'ECONNREFUSED' })], 1_000)).toBeNull();
  });
});

describe('integrity: every 201 stored once with all its missions', () => {
  it('a demand answered 201 and stored with its missions is no finding', () => {
    expect(judgeIntegrity([post('a', [attempt(0, 1, answered(201))], { missions: 2 })], [{ marker: 'a', missions: 2 }])).toEqual([]);
  });

  it('a 201 with nothing stored is lost', () => {
    const [finding] = judgeIntegrity([post('a', [attempt(0, 1, answered(201))])], []);
    expect(finding.problem).toBe('lost');
  });

  it('a keyed retry replayed as a second demand is stored twice', () => {
    const retried = post('k', [attempt(0, 1, answered(503)), attempt(2, 3, answered(201))], { keyed: true });
    const problems = judgeIntegrity([retried], [{ marker: 'k', missions: 1 }, { marker: 'k', missions: 1 }]).map((f) => f.problem);
    expect(problems).toEqual(['duplicated']);
  });

  it('a demand stored without all its missions is half-written', () => {
    const [finding] = judgeIntegrity([post('a', [attempt(0, 1, answered(201))], { missions: 3 })], [{ marker: 'a', missions: 1 }]);
    expect(finding).toMatchObject({ problem: 'half-written', detail: '1 missions stored of 3' });
  });

  it('a demand stored though its client had no answer at all was run unanswered; after an error answer, its commit outran the answer', () => {
    const findings = judgeIntegrity(
      [post('closed', [attempt(0, 1, { kind: 'no-answer', code: 'ECONNRESET' })]), post('503', [attempt(0, 1, answered(503))])],
      [
        { marker: 'closed', missions: 1 },
        { marker: '503', missions: 1 },
      ],
    );
    expect(findings.map((f) => f.problem)).toEqual(['unanswered', 'stored-after-error']);
  });

  it('a demand that failed and was not stored is no finding', () => {
    expect(judgeIntegrity([post('a', [attempt(0, 1, answered(503))])], [])).toEqual([]);
  });
});

describe('the report: each request counted in the stretch it ended in', () => {
  it('a request caught in flight by a fault counts against the fault, and the last stretch takes the late answers', () => {
    const faults = [fault('stop', 1_000, 2_000)];
    const attempts = [attempt(100, 200, answered(200)), attempt(900, 1_500, answered(503)), attempt(2_100, 9_000, answered(200))];
    const [baseline, stop] = reportSegments(segmentsOf(0, faults), attempts, [], []);
    expect([baseline.requests, stop.requests]).toEqual([1, 2]);
    expect(stop.statuses).toEqual(new Map([[503, 1], [200, 1]]));
    expect(stop.slowest?.started).toBe(2_100);
    expect(baseline.recoveryMs).toBeUndefined();
  });

  it('a demand is judged in the stretch of its last attempt', () => {
    const faults = [fault('stop', 1_000, 2_000)];
    const retried = post('k', [attempt(900, 950, answered(503)), attempt(1_100, 1_200, answered(201))], { keyed: true });
    const [baseline, stop] = reportSegments(segmentsOf(0, faults), retried.attempts, [retried], judgeIntegrity([retried], []));
    expect([baseline.demandsCreated, stop.demandsCreated]).toEqual([0, 1]);
    expect(stop.findings.map((f) => f.problem)).toEqual(['lost']);
  });
});

describe('the verdict: 0 answers other than 2xx, 401, 409, 429 and 503; 0 lost or half-written demands; recovery ≤ 2 s', () => {
  const run = (attempts: Attempt[], faults = [fault('stop', 1_000, 2_000)], posts: PostRecord[] = [], stored: { marker: string; missions: number }[] = []) =>
    reportSegments(segmentsOf(0, faults), attempts, posts, judgeIntegrity(posts, stored));

  it('is met by 2xx, 401, 409, 429 and 503 answers, refused connections and a quick recovery', () => {
    const attempts = [401, 409, 429, 503].map((status, i) => attempt(1_000 + i, 1_100 + i, answered(status)));
    attempts.push(attempt(1_500, 1_600, { kind: 'no-answer', code: 'ECONNREFUSED' }), attempt(1_900, 2_500, answered(200)));
    expect(verdictOf(run(attempts), CLEAN, 2_000)).toEqual({ met: true, reasons: [] });
  });

  it('is missed by a 500, an answer cut off and a request never answered', () => {
    const attempts = [
      attempt(1_000, 1_100, answered(500, 'Internal server error')),
      attempt(1_000, 1_100, { kind: 'cut-off', reason: 'aborted' }),
      attempt(1_000, 1_100, { kind: 'timeout' }),
      attempt(2_000, 2_100, answered(200)),
    ];
    expect(verdictOf(run(attempts), CLEAN, 2_000).reasons).toEqual([
      '1 answers other than 2xx, 401, 409, 429 and 503',
      '1 answers cut off',
      '1 requests never answered',
    ]);
  });

  it('is missed by a lost demand and by a demand without missions anywhere in the database', () => {
    const lost = post('a', [attempt(100, 200, answered(201))]);
    const verdict = verdictOf(run([...lost.attempts, attempt(2_000, 2_100, answered(200))], undefined, [lost]), { ...CLEAN, demandsWithoutMissions: 1 }, 2_000);
    expect(verdict.reasons).toEqual(['1 lost demands', '1 demands without missions']);
  });

  it('is missed by a recovery over the limit, a fault with no 2xx after it, and a failure of the fault itself', () => {
    const faults = [fault('stop', 1_000, 2_000), fault('freeze', 10_000, 11_000), fault('SIGTERM', 20_000, 21_000, ['the service exited with 1'])];
    const attempts = [attempt(2_000, 4_500, answered(200)), attempt(21_000, 21_100, answered(200))];
    expect(verdictOf(run(attempts, faults), CLEAN, 2_000).reasons).toEqual([
      'stop: recovery 2.50 s (> 2.00 s)',
      'freeze: no 2xx after the fault ended',
      'SIGTERM: the service exited with 1',
    ]);
  });
});
