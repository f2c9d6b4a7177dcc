// One set of SWC options for Jest and for running the service from source, so that what the
// tests execute is compiled exactly like what `npm start` executes.
'use strict';

/** @param {string} filename */
function swcOptions(filename) {
  const isTs = /\.(c|m)?tsx?$/.test(filename);
  return {
    filename,
    sourceMaps: 'inline',
    swcrc: false,
    configFile: false,
    module: { type: 'commonjs', importInterop: 'node', ignoreDynamic: true },
    jsc: {
      target: 'es2023',
      parser: isTs ? { syntax: 'typescript', decorators: true } : { syntax: 'ecmascript', importAttributes: true },
      transform: isTs
        ? { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false }
        : {},
      keepClassNames: true,
    },
  };
}

module.exports = { swcOptions };
