import type { INestApplication } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';

import { IS_ADMIN_ONLY_KEY, IS_PUBLIC_KEY } from '../../src/common/auth.decorators';

export type RouteAccess = 'public' | 'user' | 'admin';

export type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'ALL';
  /** Full path as Express matches it, e.g. `/api/beats/:id/`. */
  path: string;
  access: RouteAccess;
  /** `Controller.handler`, for readable test names. */
  handler: string;
};

const GLOBAL_PREFIX = 'api';

const asList = (p: unknown): string[] => (Array.isArray(p) ? p : [p ?? '']).map(String);

/** Joins prefix, controller and handler paths the way Nest does, keeping a trailing slash. */
function joinPath(...parts: string[]): string {
  const joined =
    '/' +
    parts
      .map((p) => p.replace(/^\/+|\/+$/g, ''))
      .filter(Boolean)
      .join('/');
  const last = parts[parts.length - 1];
  return last.endsWith('/') && !joined.endsWith('/') ? `${joined}/` : joined;
}

/**
 * Every HTTP route of the running app, read from the controllers' own metadata (the same the router
 * is built from), with the access the `@Public()` / `@AdminOnly()` decorators give it.
 */
export function readRouteTable(app: INestApplication): Route[] {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const reflector = new Reflector();
  const routes: Route[] = [];
  for (const wrapper of discovery.getControllers()) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const controllerPaths = asList(Reflect.getMetadata(PATH_METADATA, metatype));
    const proto = Object.getPrototypeOf(instance);
    for (const name of scanner.getAllMethodNames(proto)) {
      const fn = proto[name];
      const methodPath = Reflect.getMetadata(PATH_METADATA, fn);
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined;
      if (methodPath === undefined || requestMethod === undefined) continue;
      const targets = [fn, metatype];
      const access: RouteAccess = reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets)
        ? 'public'
        : reflector.getAllAndOverride<boolean>(IS_ADMIN_ONLY_KEY, targets)
          ? 'admin'
          : 'user';
      for (const cp of controllerPaths) {
        for (const mp of asList(methodPath)) {
          routes.push({
            method: RequestMethod[requestMethod] as Route['method'],
            path: joinPath(GLOBAL_PREFIX, cp, mp),
            access,
            handler: `${metatype.name}.${name}`,
          });
        }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** Fills `:param` segments from a map (default: a placeholder that resolves to nothing). */
export function fillPath(path: string, params: Record<string, string>, fallback = 'unknown-id'): string {
  return path.replace(/:(\w+)\??/g, (_m, name: string) => encodeURIComponent(params[name] ?? fallback));
}
