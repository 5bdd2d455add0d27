import { AsyncLocalStorage } from 'node:async_hooks';

import type { NextFunction, Request, Response } from 'express';
import type { Connection } from 'mongoose';

/** Response header with the number of database commands the request sent (when DB_COMMAND_COUNT is on). */
export const DB_COMMANDS_HEADER = 'x-db-commands';

const requestCounts = new AsyncLocalStorage<{ commands: number }>();

/** Counts every command the driver starts against the request that caused it (driver command monitoring). */
export function countCommandsPerRequest(connection: Connection): void {
  connection.getClient().on('commandStarted', () => {
    const counter = requestCounts.getStore();
    if (counter) counter.commands++;
  });
}

/** Express middleware: runs the request in its own counter and reports it in DB_COMMANDS_HEADER. */
export function reportCommandCount(req: Request, res: Response, next: NextFunction): void {
  const counter = { commands: 0 };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    if (!res.headersSent) res.setHeader(DB_COMMANDS_HEADER, String(counter.commands));
    return writeHead(...args);
  }) as Response['writeHead'];
  requestCounts.run(counter, next);
}
