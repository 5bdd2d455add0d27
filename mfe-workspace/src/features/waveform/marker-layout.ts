/** Pure layout of the waveform overlay: times in seconds, positions in percent of the full width. */

export type MarkerKind =
  'offset' | 'selected-offset' | 'ending-point' | 'selected-ending-point' | 'highlight' | 'template';

export type MarkerInput = { timeS: number; kind: MarkerKind; label?: string };
export type PlacedMarker = MarkerInput & { leftPercent: number; key: string };

/** Left edge of a marker at `timeS` in percent of a waveform `durationS` long; null when off the track. */
export function placeMarkerPercent(timeS: number, durationS: number): number | null {
  if (!Number.isFinite(timeS) || !Number.isFinite(durationS) || durationS <= 0) return null;
  if (timeS < 0 || timeS > durationS) return null;
  return (timeS / durationS) * 100;
}

/** Markers that fall on the track, with their positions and stable keys. */
export function placeMarkers(markers: readonly MarkerInput[], durationS: number): PlacedMarker[] {
  const placed: PlacedMarker[] = [];
  for (const marker of markers) {
    const leftPercent = placeMarkerPercent(marker.timeS, durationS);
    if (leftPercent !== null) placed.push({ ...marker, leftPercent, key: `${marker.kind}-${marker.timeS}` });
  }
  return placed;
}

/** Playhead text: seconds with 2 decimals. */
export function formatSeconds(timeS: number): string {
  return Number.isFinite(timeS) ? timeS.toFixed(2) : '0.00';
}
