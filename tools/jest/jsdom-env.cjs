'use strict';
// jsdom plus the Node globals it lacks (fetch for RTK Query, TextEncoder for react-router).
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'TransformStream',
  'WritableStream',
  'structuredClone',
  'BroadcastChannel',
  'AbortController',
  'AbortSignal',
];

module.exports = class CuratorJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const key of FROM_NODE) if (globalThis[key] !== undefined) this.global[key] = globalThis[key];
  }
};
