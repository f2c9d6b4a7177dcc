// Jest global setup/teardown for every suite that needs PostgreSQL. When TEST_DATABASE_URL is not
// set, it starts an embedded server for the run and points TEST_DATABASE_URL at it. This runs in
// plain Node: inside Jest's module sandbox the embedded server (loaded by dynamic import) cannot start.
'use strict';
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');

const PREFIX = 'mwr-test-pg-';
const started = Symbol.for('mwr.testPostgres');

function isAlive(pid) {
  try {
    return Number.isInteger(pid) && process.kill(pid, 0);
  } catch {
    return false;
  }
}

/** Removes the folders of embedded servers left behind by killed runs. */
function cleanAbandoned() {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (!entry.startsWith(PREFIX)) continue;
    const dir = path.join(os.tmpdir(), entry);
    const owner = Number(fs.readFileSync(path.join(dir, 'owner.pid'), { encoding: 'utf8', flag: 'a+' }) || NaN);
    if (!isAlive(owner)) fs.rmSync(dir, { recursive: true, force: true });
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  cleanAbandoned();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
  // The server runs as the OS user postgres when we are root: it must be able to enter the folder.
  fs.chmodSync(directory, 0o755);
  fs.writeFileSync(path.join(directory, 'owner.pid'), String(process.pid));
  // Compiled by Jest's transformer, which is active while global setup runs.
  const { startEmbeddedPostgres } = require('../../libs/persistence/src/lib/database/embedded-postgres.ts');
  const server = await startEmbeddedPostgres({ directory, port: await freePort(), persistent: false });
  const admin = new Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE test');
  await admin.end();
  const url = new URL(server.url);
  url.pathname = '/test';
  process.env.TEST_DATABASE_URL = url.toString();
  globalThis[started] = { server, directory };
}

async function teardown() {
  const running = globalThis[started];
  if (!running) return;
  delete process.env.TEST_DATABASE_URL;
  await running.server.stop();
  fs.rmSync(running.directory, { recursive: true, force: true });
}

module.exports = { setup, teardown };
