import { z } from 'zod';

import {
  IdSchema,
  QueryBooleanSchema,
  QueryDateSchema,
  QueryDateToSchema,
  queryEnum,
  queryInt,
  queryList,
  QuerySearchSchema,
  SkipSchema,
} from './fields';

describe('query field coercion', () => {
  it('reads whole numbers from text and treats "" as no bound', () => {
    const schema = queryInt();
    expect(schema.parse('42')).toBe(42);
    expect(schema.parse(' 7 ')).toBe(7);
    expect(schema.parse(3)).toBe(3);
    expect(schema.parse('')).toBeUndefined();
    expect(schema.parse(undefined)).toBeUndefined();
  });

  it.each(['abc', '1.5', '1e3', '0x10', 'Infinity', '-1', '12abc'])('refuses %p as a count', (text) => {
    expect(queryInt().safeParse(text).success).toBe(false);
  });

  it('refuses repeated scalar keys and objects (operator injection)', () => {
    expect(queryInt().safeParse(['1', '2']).success).toBe(false);
    expect(queryInt().safeParse({ $gt: '' }).success).toBe(false);
  });

  it('gives one readable message for a bad number', () => {
    const issues = queryInt().safeParse('abc').error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual(['Enter a whole number']);
  });

  it('gives one entry saying which bound a number out of range breaks', () => {
    const messages = (input: string) => (queryInt(0, 1000).safeParse(input).error?.issues ?? []).map((i) => i.message);
    expect(messages('99999999999999999999')).toEqual(['Ensure this value is less than or equal to 1000']);
    expect(messages('1001')).toEqual(['Ensure this value is less than or equal to 1000']);
    expect(messages('-1')).toEqual(['Ensure this value is greater than or equal to 0']);
    expect(queryInt().safeParse('99999999999999999999').error?.issues).toHaveLength(1);
  });

  it('defaults skip to 0 and never accepts it below 0', () => {
    expect(SkipSchema.parse(undefined)).toBe(0);
    expect(SkipSchema.parse('')).toBe(0);
    expect(SkipSchema.parse('200')).toBe(200);
    expect(SkipSchema.safeParse('-100').success).toBe(false);
    expect(SkipSchema.safeParse('1.5').success).toBe(false);
  });

  it('reads booleans only from true/false/1/0', () => {
    expect(QueryBooleanSchema.parse('true')).toBe(true);
    expect(QueryBooleanSchema.parse('0')).toBe(false);
    expect(QueryBooleanSchema.parse('')).toBeUndefined();
    expect(QueryBooleanSchema.safeParse('yes').success).toBe(false);
  });

  it('reads ISO dates and datetimes as Date, refusing impossible ones', () => {
    expect(QueryDateSchema.parse('2024-03-01T10:00:00Z')).toEqual(new Date('2024-03-01T10:00:00Z'));
    expect(QueryDateSchema.parse('2024-03-01T10:00:00.000+02:00')).toEqual(new Date('2024-03-01T08:00:00Z'));
    expect(QueryDateSchema.parse('2024-03-01')).toBeInstanceOf(Date);
    expect(QueryDateSchema.parse('2024-03-01T10:00')).toBeInstanceOf(Date);
    expect(QueryDateSchema.parse('')).toBeUndefined();
    for (const bad of ['2024-02-30T00:00:00Z', 'yesterday', '1700000000', '2024-13-01']) {
      expect(QueryDateSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('reads a date alone as an upper bound as the end of that day, and a datetime as it is', () => {
    expect(QueryDateSchema.parse('2024-03-01')).toEqual(new Date('2024-03-01T00:00:00Z'));
    expect(QueryDateToSchema.parse('2024-03-01')).toEqual(new Date('2024-03-01T23:59:59.999Z'));
    expect(QueryDateToSchema.parse('2024-03-01T10:00:00Z')).toEqual(new Date('2024-03-01T10:00:00Z'));
    expect(QueryDateToSchema.parse('')).toBeUndefined();
    expect(QueryDateToSchema.safeParse('2024-02-30').success).toBe(false);
  });

  it('reads enums with a fallback for absent or ""', () => {
    const schema = queryEnum(['asc', 'desc'], 'desc');
    expect(schema.parse(undefined)).toBe('desc');
    expect(schema.parse('')).toBe('desc');
    expect(schema.parse('asc')).toBe('asc');
    expect(schema.safeParse('ASC').success).toBe(false);
  });

  it('reads a repeated key as a list and a single value as a list of one', () => {
    const schema = queryList(z.string().min(1));
    expect(schema.parse('a')).toEqual(['a']);
    expect(schema.parse(['a', 'b'])).toEqual(['a', 'b']);
    expect(schema.parse(undefined)).toEqual([]);
    expect(schema.parse(['', 'a'])).toEqual(['a']);
    expect(schema.safeParse({ $ne: 'x' }).success).toBe(false);
  });

  it('trims the search text and treats blank as none', () => {
    expect(QuerySearchSchema.parse('  abba ')).toBe('abba');
    expect(QuerySearchSchema.parse('   ')).toBeUndefined();
    expect(QuerySearchSchema.safeParse('x'.repeat(201)).success).toBe(false);
  });

  it('accepts only plain ids', () => {
    expect(IdSchema.safeParse('7123456789_ab-C').success).toBe(true);
    for (const bad of ['', '$ne', 'a.b', 'a/b', '../x', 'x'.repeat(129)])
      expect(IdSchema.safeParse(bad).success).toBe(false);
  });
});
