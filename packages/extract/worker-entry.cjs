// The file piscina runs in each extraction worker. piscina loads its worker file with require()
// first, and Node 20's require() of an ES module can abort the whole process (V8 FATAL ERROR
// "IsGraphAsync must be used on an instantiated module", seen in CI). So the entry is CommonJS
// and loads the ES module worker (dist/worker.js) with import(), once per worker.
'use strict';

let handler = null;

module.exports = async function extractBatch(batch) {
  handler ??= import('./dist/worker.js').then((module) => module.default);
  return (await handler)(batch);
};
