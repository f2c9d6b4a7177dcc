#!/usr/bin/env node
// `node tools/openapi-parser.cjs validate|dereference < document.json` prints the parsed document.
// swagger-parser runs here, in plain Node, because its ESM-only dependency breaks under the Jest
// transform that compiles ESM to CommonJS; tests spawn this instead of importing it.
'use strict';
const fs = require('node:fs');
const SwaggerParser = require('@apidevtools/swagger-parser');

const operation = process.argv[2];
if (operation !== 'validate' && operation !== 'dereference') {
  process.stderr.write('usage: openapi-parser.cjs validate|dereference < document.json\n');
  process.exit(2);
}
SwaggerParser[operation](JSON.parse(fs.readFileSync(0, 'utf8'))).then(
  (api) => process.stdout.write(JSON.stringify(api)),
  (error) => {
    process.stderr.write(error.message);
    process.exit(1);
  },
);
