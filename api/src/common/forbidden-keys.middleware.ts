import { ERROR_MESSAGES, ValidationErrorEntry } from '@curator/shared/contract';
import type { NextFunction, Request, Response } from 'express';

type Loc = ValidationErrorEntry['loc'];

const isForbiddenKey = (key: string) => key.startsWith('$') || key.includes('.');

/** Location of the first `$`-prefixed or dotted key anywhere in a parsed body, or null. */
export function findForbiddenKey(value: unknown, loc: Loc = ['body'], depth = 0): Loc | null {
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findForbiddenKey(value[i], [...loc, i], depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value)) {
    if (isForbiddenKey(key)) return [...loc, key];
    const hit = findForbiddenKey(child, [...loc, key], depth + 1);
    if (hit) return hit;
  }
  return null;
}

/** MongoDB operators never reach a handler, whatever its DTO: 422 before routing. */
export function rejectForbiddenKeys(req: Request, res: Response, next: NextFunction): void {
  const loc = findForbiddenKey(req.body);
  if (!loc) return next();
  res.status(422).json({ detail: [{ loc, msg: ERROR_MESSAGES.FORBIDDEN_KEY, type: 'forbidden_key' }] });
}
