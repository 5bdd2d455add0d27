import { renderHook, waitFor } from '@testing-library/react';

import { FIRST_ROWS, useProgressiveRows } from './use-progressive-rows';

const page = (from: number) => Array.from({ length: 100 }, (_, i) => `audio ${from + i}`);

describe('useProgressiveRows', () => {
  it('gives the first screenful at once, then every row a few tasks later, in order', async () => {
    const rows = page(0);
    const { result } = renderHook(() => useProgressiveRows(rows, 'list'));
    expect(result.current).toEqual(rows.slice(0, FIRST_ROWS));
    await waitFor(() => expect(result.current).toHaveLength(100));
    expect(result.current).toEqual(rows);
  });

  it('keeps every row shown when the same list updates, and starts from the first screenful for another list', async () => {
    const { result, rerender } = renderHook(({ rows, key }) => useProgressiveRows(rows, key), {
      initialProps: { rows: page(0), key: 'list' },
    });
    await waitFor(() => expect(result.current).toHaveLength(100));

    const updated = page(0).map((id) => `${id} retagged`);
    rerender({ rows: updated, key: 'list' });
    expect(result.current).toEqual(updated);

    const next = page(100);
    rerender({ rows: next, key: 'list?skip=100' });
    expect(result.current).toEqual(next.slice(0, FIRST_ROWS));
    await waitFor(() => expect(result.current).toEqual(next));
  });

  it('keeps only the first screenful of the old list while another one is on its way', async () => {
    const rows = page(0);
    const { result, rerender } = renderHook(({ key }) => useProgressiveRows(rows, key), {
      initialProps: { key: 'list' },
    });
    await waitFor(() => expect(result.current).toHaveLength(100));

    rerender({ key: 'list?q=lofi' });
    expect(result.current).toEqual(rows.slice(0, FIRST_ROWS));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(result.current).toEqual(rows.slice(0, FIRST_ROWS));
  });
});
