import { safeNext } from './safe-next';

const ORIGIN = 'https://curation.example';

describe('safeNext (the login page follows ?next= only to a path of this site)', () => {
  it.each(['/', '/audios/?page=3', '/workspace/abc/#beats', '/reports/usage/'])('follows %s', (next) => {
    expect(safeNext(next, ORIGIN)).toBe(next);
  });

  it.each([
    null,
    '',
    'audios/',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/%09/evil.example/x\u0000',
    'javascript:alert(1)',
  ])('refuses %j', (next) => {
    expect(safeNext(next, ORIGIN)).toBe('/');
  });
});
