import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

import type { z } from 'zod';

import { describeIssues } from './import-records';

export type LineResult<T> = { line: number; record: T } | { line: number; error: string };

/** Number of non-blank lines, for the progress bar's total. */
export async function countLines(path: string): Promise<number> {
  let n = 0;
  for await (const text of createInterface({ input: createReadStream(path), crlfDelay: Infinity }))
    if (text.trim()) n++;
  return n;
}

/** Parses one JSON line with `schema`; blank lines give null. */
export function parseLine<S extends z.ZodType>(schema: S, text: string, line: number): LineResult<z.output<S>> | null {
  if (!text.trim()) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { line, error: 'not valid JSON' };
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? { line, record: parsed.data } : { line, error: describeIssues(parsed.error) };
}

/** Reads a JSON Lines file in batches of parsed-or-refused lines, 1-based line numbers. */
export async function* readJsonLines<S extends z.ZodType>(
  path: string,
  schema: S,
  batchSize = 500,
): AsyncGenerator<Array<LineResult<z.output<S>>>> {
  let batch: Array<LineResult<z.output<S>>> = [];
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    line++;
    // A byte-order mark (files saved by some Windows editors) is not part of the first line's JSON.
    const result = parseLine(schema, line === 1 ? text.replace(/^\uFEFF/, '') : text, line);
    if (result) batch.push(result);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
