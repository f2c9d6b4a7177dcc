// Summarises a V8 CPU profile (`node --cpu-prof`) of the service under load: self time grouped by
// where the code lives (a package under node_modules, a file of this workspace, node's internals,
// the garbage collector, idle), then the heaviest functions, then the time spent under (inclusive)
// a few frames that name a stage of the request pipeline. docs/benchmarks.md, "Where the HTTP time
// goes", has the command.
//
//   node tools/run-ts.cjs tools/benchmark/profile-summary.ts <file.cpuprofile> [--top 25]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' } } });
if (positionals.length !== 1) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--top 25]');
const profile = JSON.parse(readFileSync(positionals[0], 'utf8')) as Profile;

/** Where a frame's code lives, as a reader of the profile would name it. */
function place(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (url === '') {
    if (functionName === '(idle)' || functionName === '(program)' || functionName === '(garbage collector)') return functionName;
    return '(native)';
  }
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1];
  if (url.startsWith('node:')) return 'node internals';
  const workspace = /\/(apps|libs|tools)\/(.*)$/.exec(url);
  return workspace ? `${workspace[1]}/${workspace[2]}` : url;
}

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const selfByNode = new Map<number, number>();
profile.samples.forEach((id, index) => selfByNode.set(id, (selfByNode.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const total = [...selfByNode.values()].reduce((sum, us) => sum + us, 0);
const busy = total - [...selfByNode].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)').reduce((sum, [, us]) => sum + us, 0);

const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
const byPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, us] of selfByNode) {
  const frame = (byId.get(id) as ProfileNode).callFrame;
  add(byPlace, place(frame), us);
  add(byFunction, `${frame.functionName || '(anonymous)'} ${place(frame)}:${frame.lineNumber + 1}`, us);
}

// Inclusive time under frames that name a stage: a sample counts once per stage found on its stack.
const STAGES: [stage: string, matches: (frame: CallFrame) => boolean][] = [
  ['request logging (pino-http / request-log)', (f) => /pino-http|request-log/.test(f.url)],
  ['JSON of the response (JSON.stringify)', (f) => f.functionName === 'stringify' && f.url === ''],
  ['query validation (class-transformer, class-validator)', (f) => /class-(transformer|validator)/.test(f.url)],
  ['the pg driver (protocol, parsing rows)', (f) => /node_modules\/pg(-protocol|-types)?\//.test(f.url)],
  ['TypeORM', (f) => /node_modules\/typeorm\//.test(f.url)],
  ['Express and its router', (f) => /node_modules\/(express|router|body-parser|finalhandler|send)\//.test(f.url)],
  ['Fastify', (f) => /node_modules\/(fastify|@fastify\/[^/]+|find-my-way|light-my-request|avvio)\//.test(f.url)],
  ['Nest (core, cqrs, adapter)', (f) => /node_modules\/@nestjs\//.test(f.url)],
  ['node http (parser, writing responses)', (f) => /^node:_http|^node:http/.test(f.url)],
  ['sockets and streams', (f) => /^node:(net|internal\/stream|internal\/streams|stream)/.test(f.url)],
];
const byStage = new Map<string, number>();
for (const [id, us] of selfByNode) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = (byId.get(at) as ProfileNode).callFrame;
    for (const [stage, matches] of STAGES) if (!seen.has(stage) && matches(frame)) seen.add(stage);
  }
  for (const stage of seen) add(byStage, stage, us);
}

const percent = (us: number, of: number) => `${((100 * us) / of).toFixed(1)} %`;
const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
const top = Number(values.top);

console.log(`profile: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (not idle); shares below are of the busy time`);
console.log('');
console.log('| self time in | share |');
console.log('|---|---:|');
for (const [key, us] of sorted(byPlace).slice(0, top)) if (key !== '(idle)') console.log(`| ${key} | ${percent(us, busy)} |`);
console.log('');
console.log('| inclusive time under | share |');
console.log('|---|---:|');
for (const [key, us] of sorted(byStage)) console.log(`| ${key} | ${percent(us, busy)} |`);
console.log('');
console.log('| heaviest functions (self) | share |');
console.log('|---|---:|');
for (const [key, us] of sorted(byFunction).filter(([key]) => !key.startsWith('(idle)')).slice(0, top)) console.log(`| \`${key}\` | ${percent(us, busy)} |`);
