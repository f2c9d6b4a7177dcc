// Resolves the workspace's `@mwr/*` aliases from tsconfig.base.json, the single place they are
// declared, for the runtime loader and for Jest.
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const root = path.resolve(__dirname, '..');

function workspaceAliases() {
  const raw = fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8');
  const { compilerOptions } = JSON.parse(raw);
  const aliases = {};
  for (const [name, [target]] of Object.entries(compilerOptions.paths)) {
    aliases[name] = path.join(root, target);
  }
  return aliases;
}

module.exports = { root, workspaceAliases };
