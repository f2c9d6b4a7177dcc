// Jest cannot load the ESM-only @nestjs/* 12 packages on Node 20, so every ESM file (ours and
// node_modules') is compiled to CommonJS with SWC; CommonJS files pass through untouched.
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const { transformSync } = require('@swc/core');
const { swcOptions } = require('../swc-options.cjs');

const packageTypeCache = new Map();

function nearestPackageType(dir) {
  if (packageTypeCache.has(dir)) return packageTypeCache.get(dir);
  const file = path.join(dir, 'package.json');
  let type;
  if (fs.existsSync(file)) {
    try {
      type = JSON.parse(fs.readFileSync(file, 'utf8')).type ?? 'commonjs';
    } catch {
      type = 'commonjs';
    }
  } else {
    const parent = path.dirname(dir);
    type = parent === dir ? 'commonjs' : nearestPackageType(parent);
  }
  packageTypeCache.set(dir, type);
  return type;
}

function needsCompiling(filename) {
  if (/\.(c|m)?tsx?$/.test(filename)) return true;
  if (filename.endsWith('.mjs')) return true;
  if (filename.endsWith('.cjs') || filename.endsWith('.json')) return false;
  return nearestPackageType(path.dirname(filename)) === 'module';
}

module.exports = {
  canInstrument: false,
  getCacheKey(source, filename) {
    return crypto.createHash('sha1').update('v4').update(filename).update('\0').update(source).digest('hex');
  },
  process(source, filename) {
    if (!needsCompiling(filename)) return { code: source };
    const options = swcOptions(filename);
    // Jest's VM runs no dynamic import() without --experimental-vm-modules: a package's own import()
    // (@nestjs/swagger loads @fastify/static so) becomes a require, which Jest's registry resolves.
    if (filename.includes(`${path.sep}node_modules${path.sep}`)) options.module = { ...options.module, ignoreDynamic: false };
    const { code, map } = transformSync(source, options);
    return { code, map };
  },
};
