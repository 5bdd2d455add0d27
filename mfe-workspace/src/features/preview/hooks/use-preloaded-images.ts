import { useEffect } from 'react';

/** Loads every image once up front, so cycling through them during playback never waits. */
export function usePreloadedImages(urls: readonly string[]): void {
  const key = urls.join('\n');
  useEffect(() => {
    const images = key
      .split('\n')
      .filter(Boolean)
      .map((url) => {
        const image = new Image();
        image.src = url;
        return image;
      });
    return () =>
      images.forEach((image) => {
        image.src = '';
      });
  }, [key]);
}
