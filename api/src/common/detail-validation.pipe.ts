import { ERROR_MESSAGES, ValidationErrorEntry } from '@curator/shared/contract';
import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { isZodDto } from 'nestjs-zod/dto';
import type { z } from 'zod';

import { validationFailed } from './api-errors';

type Where = 'body' | 'query' | 'path';
type Schema = z.ZodType;
type Issue = z.core.$ZodIssue;
type Loc = ValidationErrorEntry['loc'];

const WHERE: Partial<Record<ArgumentMetadata['type'], Where>> = { body: 'body', query: 'query', param: 'path' };

const strictCache = new WeakMap<object, Schema>();

/** Unknown body fields are a 422 even when a contract object was declared with plain `z.object`. */
function strictTopLevel(schema: Schema): Schema {
  const def = (schema as unknown as { _zod: { def: { type: string; catchall?: unknown } } })._zod.def;
  if (def.type !== 'object' || def.catchall !== undefined) return schema;
  let strict = strictCache.get(schema);
  if (!strict) {
    strict = (schema as unknown as z.ZodObject).strict();
    strictCache.set(schema, strict);
  }
  return strict;
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let v: unknown = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

const toLoc = (path: PropertyKey[]): Loc => path.filter((k) => typeof k !== 'symbol') as Loc;

const ABSENT_FIELD_CODES = new Set<string>(['invalid_type', 'invalid_value', 'invalid_union']);

/** Zod issues → `{loc, msg, type}` entries, FastAPI-style names for the common cases. */
export function toErrorEntries(issues: Issue[], where: Where, input: unknown): ValidationErrorEntry[] {
  return issues.flatMap((issue): ValidationErrorEntry[] => {
    const path = issue.path as PropertyKey[];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        loc: [where, ...toLoc(path), key],
        msg: ERROR_MESSAGES.EXTRA_FORBIDDEN,
        type: 'extra_forbidden',
      }));
    }
    const loc: Loc = [where, ...toLoc(path)];
    // A field left out is "Field required" whatever its schema (a type, one of some values, a union).
    if (ABSENT_FIELD_CODES.has(issue.code) && path.length > 0 && valueAt(input, path) === undefined) {
      return [{ loc, msg: ERROR_MESSAGES.FIELD_REQUIRED, type: 'missing' }];
    }
    return [{ loc, msg: issue.message, type: issue.code }];
  });
}

/**
 * Global pipe: parameters typed with a `createZodDto` class are parsed with its schema;
 * failures become 422 `{"detail": [{loc: ["body"|"query"|"path", …], msg, type}]}`.
 */
@Injectable()
export class DetailValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const where = WHERE[metadata.type];
    const dto = metadata.metatype;
    if (!where || !isZodDto(dto)) return value;
    const schema = where === 'body' ? strictTopLevel(dto.schema as Schema) : (dto.schema as Schema);
    const input = where === 'body' && value === undefined ? {} : value;
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    throw validationFailed(toErrorEntries(result.error.issues, where, input));
  }
}
