import { formatValidationDetail, formatValidationEntry } from './errors-format';

describe('formatValidationDetail', () => {
  it('shows each entry as loc joined by dots, " - ", message', () => {
    const detail = [
      { loc: ['body', 'username'], msg: 'Field required', type: 'missing' },
      { loc: ['body', 'offsets', 2], msg: 'Too small' },
    ];
    expect(formatValidationDetail(detail)).toEqual(['body.username - Field required', 'body.offsets.2 - Too small']);
  });

  it('returns a string detail as one line', () => {
    expect(formatValidationDetail('Admin only')).toEqual(['Admin only']);
  });

  it('skips malformed entries and gives nothing for other shapes', () => {
    expect(formatValidationDetail([{ msg: 'no loc' }, null, { loc: [], msg: 'm' }])).toEqual([' - m']);
    expect(formatValidationDetail(undefined)).toEqual([]);
    expect(formatValidationDetail({ loc: ['a'], msg: 'b' })).toEqual([]);
  });

  it('formats a single entry', () => {
    expect(formatValidationEntry({ loc: ['query', 'skip'], msg: 'bad' })).toBe('query.skip - bad');
  });
});
