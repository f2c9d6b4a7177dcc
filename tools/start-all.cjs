#!/usr/bin/env node
// `npm start`: the API, then the worker once the API answers (with the embedded default the API
// starts the database and the worker joins it). A signal goes to both; when either stops, so does
// the other, and the exit code is the first one's.
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');

const runTs = path.join(__dirname, 'run-ts.cjs');
const root = path.join(__dirname, '..');
const port = Number(process.env.PORT || 3000);
const children = new Map();
let exitCode = null;

function start(name, entry) {
  const child = spawn(process.execPath, [runTs, entry], { cwd: root, stdio: 'inherit' });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (exitCode === null) {
      exitCode = code ?? (signal ? 1 : 0);
      for (const other of children.values()) other.kill('SIGTERM');
    }
    if (children.size === 0) process.exit(exitCode);
  });
  return child;
}

async function healthy() {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/health`);
    return response.ok;
  } catch {
    return false;
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (exitCode === null) exitCode = 0;
    for (const child of children.values()) child.kill(signal);
    if (children.size === 0) process.exit(exitCode);
  });
}

start('api', 'apps/api/src/main.ts');
(async () => {
  while (exitCode === null && !(await healthy())) await new Promise((resolve) => setTimeout(resolve, 500));
  if (exitCode === null) start('worker', 'apps/worker/src/main.ts');
})();
