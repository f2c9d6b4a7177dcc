#!/usr/bin/env node
// Runs a TypeScript entry point of this workspace from source: `.ts` files are compiled in memory
// with the same SWC options as the tests, and `@mwr/*` imports resolve through tsconfig.base.json.
// The @nestjs/* packages are ESM and load through Node's require(esm) (Node >= 20.19).
'use strict';
const Module = require('node:module');
const path = require('node:path');
const fs = require('node:fs');
const { transformSync } = require('@swc/core');
const { swcOptions } = require('./swc-options.cjs');
const { workspaceAliases } = require('./ts-paths.cjs');

const aliases = workspaceAliases();
const originalResolve = Module._resolveFilename;
Module._resolveFilename = function resolve(request, parent, ...rest) {
  const target = aliases[request];
  if (target) return target;
  return originalResolve.call(this, request, parent, ...rest);
};

Module._extensions['.ts'] = function compile(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = transformSync(source, swcOptions(filename));
  module._compile(code, filename);
};

process.setSourceMapsEnabled?.(true);

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node tools/run-ts.cjs <entry.ts> [args...]');
  process.exit(2);
}
process.argv = [process.argv[0], path.resolve(entry), ...args];
require(path.resolve(entry));
