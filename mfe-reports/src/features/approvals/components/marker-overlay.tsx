import type { PlayerMarker } from '@curator/shared';
import { useLayoutEffect, useRef, useState } from 'react';

type MarkerOverlayProps = { markers: readonly PlayerMarker[]; durationS: number };

/** Height of one row of labels, px (the label's line height). */
const LABEL_ROW_PX = 15;
/** A label's width, px: its padding and border, and about 7 px a character at 11 px. */
const labelWidthPx = (label: string) => 10 + 7 * label.length;

/**
 * The row of each label (0 = top), so that no label covers another: in time order, each goes in the first row whose
 * last label ends before it starts. `leftsPx` are the markers' x positions, in time order.
 */
export function stackLabelRows(leftsPx: readonly number[], widthsPx: readonly number[]): number[] {
  const rowEnds: number[] = [];
  return leftsPx.map((left, i) => {
    let row = rowEnds.findIndex((end) => end <= left);
    if (row === -1) row = rowEnds.length;
    rowEnds[row] = left + widthsPx[i];
    return row;
  });
}

/**
 * S, B1…, E as labelled lines over the whole-width waveform (no zoom, so time maps straight to x). Markers close
 * together (a short approval on a long track) have their labels in rows one under another, so each can be read.
 */
export function MarkerOverlay({ markers, durationS }: MarkerOverlayProps) {
  const overlay = useRef<HTMLDivElement>(null);
  const [widthPx, setWidthPx] = useState(0);
  useLayoutEffect(() => {
    const element = overlay.current;
    if (!element) return undefined;
    setWidthPx(element.clientWidth);
    const observer = new ResizeObserver(() => setWidthPx(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  if (durationS <= 0) return null;
  const leftPercent = (timeS: number) => Math.min(100, (timeS / durationS) * 100);
  const rows = stackLabelRows(
    markers.map((m) => (leftPercent(m.timeS) / 100) * widthPx),
    markers.map((m) => labelWidthPx(m.label)),
  );
  return (
    <div ref={overlay} className="marker-overlay" data-testid="marker-overlay" aria-hidden="true">
      {markers.map((marker, i) => (
        <div
          key={marker.label}
          className="marker"
          data-marker={marker.label}
          data-time-s={marker.timeS}
          style={{ left: `${leftPercent(marker.timeS)}%` }}
        >
          <span className="marker-label" style={{ top: rows[i] * LABEL_ROW_PX }}>
            {marker.label}
          </span>
        </div>
      ))}
    </div>
  );
}
