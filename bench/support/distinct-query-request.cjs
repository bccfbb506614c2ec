// autocannon setupRequest module (CommonJS: autocannon's worker threads `require` it): every
// request gets the next query of the list in RCAT_BENCH_DISTINCT_QUERIES (one per line), so no
// two requests of a run ask the same thing and the server's answer cache never answers one.
// All connections of the worker share this module, hence one counter for all of them.
'use strict';
const { readFileSync } = require('node:fs');

const queries = readFileSync(process.env.RCAT_BENCH_DISTINCT_QUERIES, 'utf8').split('\n').filter(Boolean);
const offset = Number(process.env.RCAT_BENCH_DISTINCT_OFFSET || 0);
let next = 0;

module.exports = function setupRequest(request) {
  const query = queries[(offset + next++) % queries.length];
  return { ...request, path: `/api/agent/catalog/search?query=${encodeURIComponent(query)}` };
};
