'use strict';
// The Node flags the API process runs with, wherever it is started: `npm start`, the e2e harness,
// the load bench (so that what is measured and tested is what runs).
//
// --max-semi-space-size=32: the young generation may grow to 32 MB semi-spaces (Node 20 stops at
// 16). Every request allocates short-lived objects (documents, JSON, headers); with room for more
// of them between collections, the load bench's API spent about 5 % less CPU per request (1.22 ms
// instead of 1.29 at 100 sessions), for about 50 MB more memory at most.
exports.API_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32'];
