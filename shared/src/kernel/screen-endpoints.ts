import type { EndpointDefinitions } from '@reduxjs/toolkit/query';

import { baseApi } from './base-api';

type KernelApi = typeof baseApi;
type Builder = Parameters<Parameters<KernelApi['injectEndpoints']>[0]['endpoints']>[0];
type Injected<D extends EndpointDefinitions> = ReturnType<typeof baseApi.injectEndpoints<D>>;
/** A screen's view of the one API: its own endpoints and the cache utilities, under their plain names. */
export type ScreenApi<D extends EndpointDefinitions> = Pick<Injected<D>, 'endpoints' | 'util'>;

/**
 * Adds a screen's endpoints to the one API under names of that screen (`{screen}/{name}`), so the
 * code that runs is always the code the screen was built with: two screens that both define
 * `listTags` each run their own, and share the cache only through tags. A name defined twice by the
 * same screen throws. The endpoints and utilities come back under their plain names.
 */
export function injectScreenEndpoints<D extends EndpointDefinitions>(
  screen: string,
  define: (build: Builder) => D,
): ScreenApi<D> {
  const named = (name: string) => `${screen}/${name}`;
  let names: string[] = [];
  const injected = baseApi.injectEndpoints({
    endpoints: (build) => {
      const definitions = define(build);
      names = Object.keys(definitions);
      return Object.fromEntries(names.map((name) => [named(name), definitions[name]])) as EndpointDefinitions;
    },
    overrideExisting: 'throw',
  });
  const all = injected.endpoints as Record<string, unknown>;
  const util = injected.util as unknown as Record<string, (...args: unknown[]) => unknown>;
  const byName =
    (key: string) =>
    (name: string, ...rest: unknown[]) =>
      util[key](named(name), ...rest);
  return {
    endpoints: Object.fromEntries(names.map((name) => [name, all[named(name)]])),
    util: {
      ...injected.util,
      updateQueryData: byName('updateQueryData'),
      upsertQueryData: byName('upsertQueryData'),
      patchQueryData: byName('patchQueryData'),
      prefetch: byName('prefetch'),
      selectCachedArgsForQuery: (state: unknown, name: string) => util.selectCachedArgsForQuery(state, named(name)),
    },
  } as unknown as ScreenApi<D>;
}
