import { readUsageWindow, toTakenAtWindow } from './usage-window';

describe('usage window', () => {
  it('runs from the start of the first day to the end of the last, in local time', () => {
    const window = toTakenAtWindow({ from: '2024-05-01', to: '2024-05-03' });
    expect(window.taken_at_from).toBe(new Date(2024, 4, 1, 0, 0, 0, 0).toISOString());
    expect(window.taken_at_to).toBe(new Date(2024, 4, 3, 23, 59, 59, 999).toISOString());
  });

  it('leaves out an empty or malformed side', () => {
    expect(toTakenAtWindow({ from: '', to: '' })).toEqual({});
    expect(toTakenAtWindow({ from: '2024-5-1', to: '2024-05-40' })).toEqual({});
  });

  it('reads only well-formed days from the URL', () => {
    expect(readUsageWindow(new URLSearchParams('from=2024-05-01&to=nope'))).toEqual({ from: '2024-05-01', to: '' });
  });
});
