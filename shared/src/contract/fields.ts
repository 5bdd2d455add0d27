import { z } from 'zod';

/** Field schemas shared by the per-domain contracts; query helpers accept strings from the URL. */
import {
  hasControlCharacters,
  ID_PATTERN,
  MAX_COUNT,
  MAX_TIME_S,
  NAME_MAX_LENGTH,
  NO_CONTROL_CHARACTERS_MESSAGE,
  SEARCH_MAX_LENGTH,
  trimText,
} from './wire-values';

/** Ids used in paths, queries and bodies: letters, digits, '_' and '-' only. */
export const IdSchema = z.string().regex(ID_PATTERN, 'Enter a valid id: letters, digits, _ and - only');

/** Seconds ≥ 0 (offsets, ending points). */
export const SecondsSchema = z.number().min(0).max(MAX_TIME_S);

/** Whole milliseconds ≥ 0. */
export const MsSchema = z
  .int()
  .min(0)
  .max(MAX_TIME_S * 1000);

export const CountSchema = z.int().min(0);

export const SegmentInfoSchema = z.strictObject({ duration_in_ms: MsSchema });
export type SegmentInfoWire = z.infer<typeof SegmentInfoSchema>;

export const NameSchema = z
  .string()
  .overwrite(trimText)
  .min(1, 'This field may not be blank')
  .max(NAME_MAX_LENGTH, `Ensure this field has no more than ${NAME_MAX_LENGTH} characters`)
  .refine((name) => !hasControlCharacters(name), NO_CONTROL_CHARACTERS_MESSAGE);

const INT_TEXT = /^\s*[+-]?\d+\s*$/;
const DATE_TEXT = z.union([z.iso.datetime({ offset: true, local: true }), z.iso.date()]);
const TRUE_TEXT = ['true', '1'];
const FALSE_TEXT = ['false', '0'];

/**
 * A scalar query value: absent or '' gives undefined; otherwise `read` converts it or returns
 * undefined to refuse it with `message` (one clear issue instead of a union's "Invalid input").
 */
function queryScalar<I, T>(base: z.ZodType<I, I>, read: (value: I) => T | undefined, message: string) {
  return z
    .union([z.literal(''), base], { error: message })
    .optional()
    .transform((value, ctx): T | undefined => {
      if (value === undefined || value === '') return undefined;
      const converted = read(value as I);
      if (converted === undefined) ctx.issues.push({ code: 'custom', message, input: value });
      return converted;
    });
}

const readInt = (v: string | number) => (typeof v === 'number' ? v : INT_TEXT.test(v) ? Number(v) : undefined);

/**
 * Optional whole number from a query string ('' = no bound); '1.5', 'abc', '1e3' are refused. A number out of range
 * gets one entry that says so (the first bound it breaks), not "Enter a whole number" once per check it fails.
 */
export function queryInt(min = 0, max = MAX_COUNT) {
  return queryScalar(z.union([z.string(), z.number()]), readInt, 'Enter a whole number').pipe(
    z
      .number()
      .min(min, { error: `Ensure this value is greater than or equal to ${min}`, abort: true })
      .max(max, { error: `Ensure this value is less than or equal to ${max}`, abort: true })
      .int('Enter a whole number')
      .optional(),
  );
}

/** skip: a whole number ≥ 0, 0 when absent. */
export const SkipSchema = queryInt(0).transform((skip) => skip ?? 0);

/** Optional boolean from a query string: true/1, false/0, or '' for no filter. */
export const QueryBooleanSchema = queryScalar(
  z.union([z.string(), z.boolean()]),
  (v) => (typeof v === 'boolean' ? v : TRUE_TEXT.includes(v) ? true : FALSE_TEXT.includes(v) ? false : undefined),
  'Enter true or false',
);

const readDate = (v: string | Date) => {
  const date = v instanceof Date ? v : DATE_TEXT.safeParse(v).success ? new Date(v) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};

/** Optional ISO date or datetime from a query string, as a Date. */
export const QueryDateSchema = queryScalar(z.union([z.string(), z.date()]), readDate, 'Enter an ISO date or datetime');

const DATE_ONLY_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * Optional inclusive upper bound ('…_to'): a date alone stands for the whole day (UTC), so it is read as its last
 * millisecond and `from` and `to` of one day keep that day; a datetime is read as it is.
 */
export const QueryDateToSchema = queryScalar(
  z.union([z.string(), z.date()]),
  (v) => {
    const date = readDate(v);
    return date && typeof v === 'string' && DATE_ONLY_TEXT.test(v) ? new Date(date.getTime() + DAY_MS - 1) : date;
  },
  'Enter an ISO date or datetime',
);

/** Optional enum from a query string; '' or absent gives `fallback`. */
export function queryEnum<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z
    .enum(['', ...values] as ['', ...T])
    .optional()
    .transform((value): T[number] => (value === undefined || value === '' ? fallback : value));
}

/** Repeated query key (`tags=a&tags=b`) as a list; a single value becomes a list of one. */
export function queryList<T extends z.ZodType<string, string>>(item: T, maxItems = 50) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter((v) => v.trim() !== ''),
    )
    .pipe(z.array(item).max(maxItems));
}

/** Free-text search from a query string: trimmed, '' means none. */
export const QuerySearchSchema = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH)
  .optional()
  .transform((text) => (text === '' ? undefined : text));

/** A paginated answer: one page of results and the total count. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), total: CountSchema });
}
