import { AsyncLocalStorage } from 'node:async_hooks';

import type { NextFunction, Request, Response } from 'express';
import type { Connection } from 'mongoose';

/** Response header with the number of database commands the request sent (when DB_COMMAND_COUNT is on). */
export const DB_COMMANDS_HEADER = 'x-db-commands';
/** Response header naming those commands in order, `name:collection` each, for reading a write path's cost. */
export const DB_COMMAND_LIST_HEADER = 'x-db-command-list';

const requestCounts = new AsyncLocalStorage<{ commands: number; names: string[] }>();

/** Counts every command the driver starts against the request that caused it (driver command monitoring). */
export function countCommandsPerRequest(connection: Connection): void {
  connection.getClient().on('commandStarted', (event) => {
    const counter = requestCounts.getStore();
    if (!counter) return;
    counter.commands++;
    const target = (event.command as Record<string, unknown>)[event.commandName];
    counter.names.push(typeof target === 'string' ? `${event.commandName}:${target}` : event.commandName);
  });
}

/** Express middleware: runs the request in its own counter and reports it in DB_COMMANDS_HEADER. */
export function reportCommandCount(req: Request, res: Response, next: NextFunction): void {
  const counter = { commands: 0, names: [] as string[] };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    if (!res.headersSent) {
      res.setHeader(DB_COMMANDS_HEADER, String(counter.commands));
      res.setHeader(DB_COMMAND_LIST_HEADER, counter.names.join(' '));
    }
    return writeHead(...args);
  }) as Response['writeHead'];
  requestCounts.run(counter, next);
}
