import { type DatabaseChecks, describeOutcome, type Problem, type SegmentReport, seconds, type Verdict } from './analysis';
import type { Attempt, RequestKind } from './outcomes';

const KIND_LABELS: Record<RequestKind, string> = {
  'post-keyed': 'POST demand with key',
  'post-plain': 'POST demand',
  forms: 'GET form answers',
  workforce: 'GET workforce',
  deliveries: 'GET deliveries',
  pdv: 'GET point of sale',
  registers: 'GET registers',
};

const PROBLEM_LABELS: Record<Problem, string> = {
  lost: 'lost',
  duplicated: 'stored twice',
  'half-written': 'half-written',
  unanswered: 'stored though never answered',
  'stored-after-error': 'stored though answered an error',
};

const times = (entries: Iterable<[string | number, number]>) =>
  [...entries]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([key, n]) => `${key} ×${n}`)
    .join(', ');

const ms = (attempt: Attempt) => attempt.ended - attempt.started;

function duration(value: number): string {
  return value < 1000 ? `${Math.round(value)} ms` : seconds(value);
}

function demandsCell(report: SegmentReport): string {
  const problems = new Map<Problem, number>();
  for (const finding of report.findings) problems.set(finding.problem, (problems.get(finding.problem) ?? 0) + 1);
  const listed = [...problems].map(([problem, n]) => `${n} ${PROBLEM_LABELS[problem]}`);
  return `${report.demandsCreated} created${listed.length > 0 ? `; ${listed.join('; ')}` : ', all stored whole'}`;
}

function noAnswerCell(report: SegmentReport): string {
  const parts = [...report.noAnswer].map(([code, n]): [string, number] => [`refused/closed (${code})`, n]);
  if (report.cutOff > 0) parts.push(['cut off', report.cutOff]);
  if (report.timeouts > 0) parts.push(['timeout', report.timeouts]);
  return parts.length > 0 ? times(parts) : '—';
}

function recoveryCell(report: SegmentReport): string {
  if (report.recoveryMs === undefined) return '—';
  return report.recoveryMs === null ? 'never' : duration(report.recoveryMs);
}

/** The run as Markdown: one row per fault, the details under it, the verdict last. */
export function formatReport(reports: SegmentReport[], database: DatabaseChecks, verdict: Verdict, notes: string[] = []): string {
  const lines = [
    '| fault | requests | answers by status | no answer | slowest answer | recovery | demands (integrity) |',
    '|---|---:|---|---|---|---:|---|',
  ];
  for (const report of reports) {
    const slowest = report.slowest ? `${duration(ms(report.slowest))} (${KIND_LABELS[report.slowest.kind]}, ${describeOutcome(report.slowest)})` : '—';
    lines.push(
      `| ${report.segment.name} | ${report.requests} | ${times(report.statuses) || '—'} | ${noAnswerCell(report)} | ${slowest} | ${recoveryCell(report)} | ${demandsCell(report)} |`,
    );
  }
  lines.push('');
  for (const report of reports) {
    const details = [
      ...(report.segment.fault?.notes ?? []),
      ...[...report.errors].map(([error, n]) => `answered ${error} ×${n}`),
      ...report.unexpected.slice(0, 5).map((attempt) => `unexpected: ${KIND_LABELS[attempt.kind]} answered ${describeOutcome(attempt)} ${errorOf(attempt)}`),
      ...report.findings.slice(0, 5).map((finding) => `${PROBLEM_LABELS[finding.problem]}: ${finding.post.key ? 'keyed' : 'unkeyed'} ${finding.post.marker}, ${finding.detail}`),
    ];
    if (details.length === 0) continue;
    lines.push(`- ${report.segment.name}:`);
    lines.push(...details.map((detail) => `  - ${detail}`));
  }
  lines.push(
    `- database: ${database.demandsWithoutMissions} demands without missions, ${database.keysWithTwoDemands} idempotency keys with two demands, ` +
      `${database.keysLeftInFlight} keys left claimed with no request running`,
    ...notes.map((note) => `- ${note}`),
  );
  lines.push('');
  lines.push(verdict.met ? 'Verdict: goal met.' : `Verdict: goal missed: ${verdict.reasons.join('; ')}.`);
  return lines.join('\n');
}

function errorOf(attempt: Attempt): string {
  return attempt.outcome.kind === 'answered' && attempt.outcome.error ? `"${attempt.outcome.error}"` : '';
}
