import { type Attempt, isSuccess, isUnexpectedAnswer, type PostRecord } from './outcomes';

/** A fault as the run applied it; times in ms of `performance.now()`. */
export interface FaultRecord {
  name: string;
  started: number;
  /** When the fault was taken away: the database answers again, the replacement service listens. */
  ended: number;
  /** What the run observed of the fault itself (how long a restart or a drain took). */
  notes: string[];
  /** Goals of the fault itself that it missed (a shutdown past its bound, say). */
  failures: string[];
}

/**
 * The stretch of the run a row of the report covers: from its fault's start to the next fault's
 * (the fault, then the service under load after it). A request belongs to the stretch in which it
 * ended, so one caught in flight by a fault counts against that fault.
 */
export interface Segment {
  name: string;
  from: number;
  to: number;
  fault: FaultRecord | null;
}

/** The last stretch is open-ended: it takes the answers still awaited when the load stopped. */
export function segmentsOf(loadStarted: number, faults: FaultRecord[]): Segment[] {
  const starts = faults.map((fault) => fault.started);
  return [
    { name: 'no fault (baseline)', from: loadStarted, to: starts[0] ?? Infinity, fault: null },
    ...faults.map((fault, index) => ({ name: fault.name, from: fault.started, to: starts[index + 1] ?? Infinity, fault })),
  ];
}

const holds = (segment: Segment, time: number): boolean => time >= segment.from && time < segment.to;

/**
 * Milliseconds from the fault's end until the service served again: until it had answered a 2xx
 * after the end, and every request sent after the end that failed had been answered. Null when no
 * 2xx came after the end at all.
 */
export function recoveryMs(attempts: Attempt[], faultEnded: number): number | null {
  let firstSuccess = Infinity;
  let lastFailure = -Infinity;
  for (const attempt of attempts) {
    if (attempt.ended < faultEnded) continue;
    if (isSuccess(attempt.outcome)) firstSuccess = Math.min(firstSuccess, attempt.ended);
    else if (attempt.started >= faultEnded) lastFailure = Math.max(lastFailure, attempt.ended);
  }
  if (firstSuccess === Infinity) return null;
  return Math.max(firstSuccess, lastFailure) - faultEnded;
}

/**
 * - `lost`: answered 201, not stored. `duplicated`: stored more than once (a keyed retry replayed as
 *   a second demand). `half-written`: stored without all its missions.
 * - `unanswered`: stored, though the client never had an answer (the connection closed first): a
 *   request the service ran and did not answer, which its shutdown promises never happens.
 * - `stored-after-error`: stored, though answered only with an error: the commit went through and
 *   its answer was lost with the connection to the database (see docs/reliability.md).
 */
export type Problem = 'lost' | 'duplicated' | 'half-written' | 'unanswered' | 'stored-after-error';

/** Problems that miss the goal. */
export const BROKEN: readonly Problem[] = ['lost', 'duplicated', 'half-written', 'unanswered'];

export interface IntegrityFinding {
  post: PostRecord;
  problem: Problem;
  detail: string;
}

/** A demand found in the database with the marker the load gave it, and its missions. */
export interface StoredDemand {
  marker: string;
  missions: number;
}

/**
 * Every demand answered 201 is stored once with all its missions; none is stored twice (a keyed
 * retry replayed as a second demand); a demand stored without a 201 is reported, not hidden.
 */
export function judgeIntegrity(posts: PostRecord[], stored: StoredDemand[]): IntegrityFinding[] {
  const byMarker = new Map<string, StoredDemand[]>();
  for (const demand of stored) byMarker.set(demand.marker, [...(byMarker.get(demand.marker) ?? []), demand]);
  const findings: IntegrityFinding[] = [];
  for (const post of posts) {
    const demands = byMarker.get(post.marker) ?? [];
    const created = post.attempts.filter((attempt) => attempt.outcome.kind === 'answered' && attempt.outcome.status === 201).length;
    if (created > 0 && demands.length === 0) findings.push({ post, problem: 'lost', detail: `answered 201 ×${created}, not stored` });
    if (demands.length > 1) findings.push({ post, problem: 'duplicated', detail: `stored ${demands.length} times` });
    for (const demand of demands) {
      if (demand.missions !== post.missions) {
        findings.push({ post, problem: 'half-written', detail: `${demand.missions} missions stored of ${post.missions}` });
      }
    }
    if (created === 0 && demands.length > 0) {
      const answered = post.attempts.some((attempt) => attempt.outcome.kind === 'answered');
      const answers = post.attempts.map((attempt) => describeOutcome(attempt)).join(', ');
      findings.push({ post, problem: answered ? 'stored-after-error' : 'unanswered', detail: `stored; its attempts: ${answers}` });
    }
  }
  return findings;
}

export function describeOutcome(attempt: Attempt): string {
  const { outcome } = attempt;
  switch (outcome.kind) {
    case 'answered':
      return String(outcome.status);
    case 'no-answer':
      return `no answer (${outcome.code})`;
    case 'cut-off':
      return `cut off (${outcome.reason})`;
    default:
      return 'timeout';
  }
}

export interface SegmentReport {
  segment: Segment;
  requests: number;
  statuses: Map<number, number>;
  /** Error answers other than 503 (whose message is always the same), by status and message. */
  errors: Map<string, number>;
  noAnswer: Map<string, number>;
  cutOff: number;
  timeouts: number;
  unexpected: Attempt[];
  slowest: Attempt | null;
  /** Undefined for the baseline, null when the service never served again. */
  recoveryMs: number | null | undefined;
  demandsCreated: number;
  findings: IntegrityFinding[];
}

function count<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** The post's last attempt decides the stretch it is judged in: where it was created, or given up. */
function lastEnded(post: PostRecord): number {
  return Math.max(...post.attempts.map((attempt) => attempt.ended));
}

export function reportSegments(segments: Segment[], attempts: Attempt[], posts: PostRecord[], findings: IntegrityFinding[]): SegmentReport[] {
  return segments.map((segment) => {
    const mine = attempts.filter((attempt) => holds(segment, attempt.ended));
    const statuses = new Map<number, number>();
    const errors = new Map<string, number>();
    const noAnswer = new Map<string, number>();
    let cutOff = 0;
    let timeouts = 0;
    let slowest: Attempt | null = null;
    for (const attempt of mine) {
      const { outcome } = attempt;
      if (outcome.kind === 'answered') {
        count(statuses, outcome.status);
        if (outcome.status >= 300 && outcome.status !== 503) count(errors, `${outcome.status} "${outcome.error ?? ''}"`);
        if (!slowest || attempt.ended - attempt.started > slowest.ended - slowest.started) slowest = attempt;
      } else if (outcome.kind === 'no-answer') count(noAnswer, outcome.code);
      else if (outcome.kind === 'cut-off') cutOff += 1;
      else timeouts += 1;
    }
    const postsHere = new Set(posts.filter((post) => post.attempts.length > 0 && holds(segment, lastEnded(post))));
    return {
      segment,
      requests: mine.length,
      statuses,
      errors,
      noAnswer,
      cutOff,
      timeouts,
      unexpected: mine.filter((attempt) => isUnexpectedAnswer(attempt.outcome)),
      slowest,
      recoveryMs: segment.fault ? recoveryMs(mine, segment.fault.ended) : undefined,
      demandsCreated: [...postsHere].filter((post) => post.attempts.some((a) => a.outcome.kind === 'answered' && a.outcome.status === 201)).length,
      findings: findings.filter((finding) => postsHere.has(finding.post)),
    };
  });
}

/** What the SQL checks found over the whole database, beyond the load's own demands. */
export interface DatabaseChecks {
  demandsWithoutMissions: number;
  keysWithTwoDemands: number;
  /** Idempotency keys still claimed by no running request at the end: their retries answer 409 until the claim is taken over. */
  keysLeftInFlight: number;
}

export interface Verdict {
  met: boolean;
  reasons: string[];
}

export function verdictOf(reports: SegmentReport[], database: DatabaseChecks, recoveryLimitMs: number): Verdict {
  const reasons: string[] = [];
  const sum = (pick: (report: SegmentReport) => number) => reports.reduce((total, report) => total + pick(report), 0);
  const unexpected = sum((report) => report.unexpected.length);
  if (unexpected > 0) reasons.push(`${unexpected} answers other than 2xx, 401, 409, 429 and 503`);
  const cutOff = sum((report) => report.cutOff);
  if (cutOff > 0) reasons.push(`${cutOff} answers cut off`);
  const timeouts = sum((report) => report.timeouts);
  if (timeouts > 0) reasons.push(`${timeouts} requests never answered`);
  for (const problem of BROKEN) {
    const found = sum((report) => report.findings.filter((finding) => finding.problem === problem).length);
    if (found > 0) reasons.push(`${found} ${problem} demands`);
  }
  if (database.demandsWithoutMissions > 0) reasons.push(`${database.demandsWithoutMissions} demands without missions`);
  if (database.keysWithTwoDemands > 0) reasons.push(`${database.keysWithTwoDemands} idempotency keys with two demands`);
  for (const report of reports) {
    const { fault } = report.segment;
    if (!fault) continue;
    if (report.recoveryMs === null) reasons.push(`${fault.name}: no 2xx after the fault ended`);
    else if (report.recoveryMs !== undefined && report.recoveryMs > recoveryLimitMs) {
      reasons.push(`${fault.name}: recovery ${seconds(report.recoveryMs)} (> ${seconds(recoveryLimitMs)})`);
    }
    reasons.push(...fault.failures.map((failure) => `${fault.name}: ${failure}`));
  }
  return { met: reasons.length === 0, reasons };
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
