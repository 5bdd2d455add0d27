import { ArgumentsHost, ConflictException, ForbiddenException } from '@nestjs/common';
import type { Logger } from 'pino';

import { ApiExceptionFilter } from './api-exception.filter';

function fakeHost() {
  const res = { statusCode: 0, body: undefined as unknown, headersSent: false };
  const response = {
    get headersSent() {
      return res.headersSent;
    },
    status(code: number) {
      res.statusCode = code;
      return this;
    },
    json(body: unknown) {
      res.body = body;
      return this;
    },
  };
  const host = {
    switchToHttp: () => ({ getResponse: () => response, getRequest: () => ({ method: 'GET', originalUrl: '/api/x' }) }),
  } as unknown as ArgumentsHost;
  return { host, res };
}

describe('ApiExceptionFilter', () => {
  const logged: unknown[] = [];
  const logger = { error: (...args: unknown[]) => logged.push(args) } as unknown as Logger;
  const filter = new ApiExceptionFilter(logger);

  it('answers HttpExceptions as {"detail": text}', () => {
    const { host, res } = fakeHost();
    filter.catch(new ForbiddenException('Admin only'), host);
    expect(res).toMatchObject({ statusCode: 403, body: { detail: 'Admin only' } });
  });

  it('keeps an explicit detail list', () => {
    const { host, res } = fakeHost();
    const detail = [{ loc: ['body', 'x'], msg: 'm', type: 't' }];
    filter.catch(new ConflictException({ detail }), host);
    expect(res).toMatchObject({ statusCode: 409, body: { detail } });
  });

  it('logs an unexpected error and answers a bare 500 without its message or stack', () => {
    const { host, res } = fakeHost();
    const err = new Error('MongoServerError: connection to 10.0.0.5:27017 refused');
    filter.catch(err, host);
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({ detail: 'Internal server error' });
    expect(JSON.stringify(res.body)).not.toContain('10.0.0.5');
    expect(logged).toHaveLength(1);
  });

  it('maps a duplicate-key error to 409', () => {
    const { host, res } = fakeHost();
    filter.catch(Object.assign(new Error('E11000 duplicate key'), { code: 11000 }), host);
    expect(res).toMatchObject({ statusCode: 409, body: { detail: 'Already exists' } });
  });
});

describe('ApiExceptionFilter when the database does not answer', () => {
  const warned: unknown[] = [];
  const logger = { warn: (...args: unknown[]) => warned.push(args), error: () => undefined } as unknown as Logger;

  it.each([
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:27017'), { name: 'MongoServerSelectionError' }),
    Object.assign(new Error('connection 4 to 127.0.0.1:27017 closed'), { name: 'MongoNetworkError' }),
    Object.assign(new Error('Operation `beats.find()` buffering timed out after 10000ms'), { name: 'MongooseError' }),
  ])('answers 503 "Database unavailable" for %s, without the driver text', (error) => {
    const { host, res } = fakeHost();
    new ApiExceptionFilter(logger).catch(error, host);
    expect(res).toMatchObject({ statusCode: 503, body: { detail: 'Database unavailable' } });
    expect(warned.length).toBeGreaterThan(0);
  });
});
