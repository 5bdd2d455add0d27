// wavesurfer.js's own drawing rules (a small module of the package, without the player), so the
// first picture matches the one wavesurfer.js draws over it once it has loaded.
import { calculateLinePaths, calculateVerticalScale } from 'wavesurfer.js/dist/renderer-utils.js';

import type { LoadedPeaks } from './peaks-file';

/**
 * Draws precomputed peaks into a canvas appended to `container`, the way wavesurfer.js draws them
 * (normalised; first channel up, second down), `height` px high across the container's width.
 * Returns the canvas, for the caller to remove once wavesurfer.js has drawn its own.
 */
export function drawPeaksPreview(
  container: HTMLElement,
  peaks: LoadedPeaks,
  { height, color }: { height: number; color: string },
): HTMLCanvasElement {
  const widthPx = Math.max(1, container.clientWidth);
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  canvas.className = 'waveform-preview';
  canvas.width = Math.round(widthPx * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.style.width = `${widthPx}px`;
  canvas.style.height = `${height}px`;
  canvas.style.display = 'block';
  canvas.setAttribute('aria-hidden', 'true');
  const ctx = canvas.getContext('2d');
  if (ctx) {
    const channelData = peaks.peaks;
    const vScale = calculateVerticalScale({ channelData, normalize: true });
    ctx.fillStyle = color;
    ctx.beginPath();
    for (const path of calculateLinePaths({ channelData, width: canvas.width, height: canvas.height, vScale })) {
      if (path.length === 0) continue;
      ctx.moveTo(path[0].x, path[0].y);
      for (const point of path.slice(1)) ctx.lineTo(point.x, point.y);
    }
    ctx.fill();
  }
  container.appendChild(canvas);
  return canvas;
}
