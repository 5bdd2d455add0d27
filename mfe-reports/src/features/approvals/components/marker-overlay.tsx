import type { PlayerMarker } from '@curator/shared';

type MarkerOverlayProps = { markers: readonly PlayerMarker[]; durationS: number };

/** S, B1…, E as labelled lines over the whole-width waveform (no zoom, so time maps straight to x). */
export function MarkerOverlay({ markers, durationS }: MarkerOverlayProps) {
  if (durationS <= 0) return null;
  return (
    <div className="marker-overlay" data-testid="marker-overlay" aria-hidden="true">
      {markers.map((marker) => (
        <div
          key={marker.label}
          className="marker"
          data-marker={marker.label}
          data-time-s={marker.timeS}
          style={{ left: `${Math.min(100, (marker.timeS / durationS) * 100)}%` }}
        >
          <span className="marker-label">{marker.label}</span>
        </div>
      ))}
    </div>
  );
}
