import { renderHook, waitFor } from '@testing-library/react';

import { useShownAfterFirstLook } from './use-shown-after-first-look';

describe('useShownAfterFirstLook', () => {
  it('is false on the first render and turns true once ready', async () => {
    const renders: boolean[] = [];
    const { result, rerender } = renderHook(
      ({ ready }) => {
        const shown = useShownAfterFirstLook(ready, 60_000);
        renders.push(shown);
        return shown;
      },
      { initialProps: { ready: false } },
    );
    expect(renders[0]).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(result.current).toBe(false);

    rerender({ ready: true });
    await waitFor(() => expect(result.current).toBe(true));
    rerender({ ready: false });
    expect(result.current).toBe(true);
  });

  it('turns true after latestMs when never ready', async () => {
    const { result } = renderHook(() => useShownAfterFirstLook(false, 40));
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true), { timeout: 1000 });
  });
});
