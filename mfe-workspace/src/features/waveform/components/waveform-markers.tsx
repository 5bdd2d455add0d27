import type { CSSProperties } from 'react';
import { createPortal } from 'react-dom';

import { type MarkerInput, type MarkerKind, placeMarkers } from '../marker-layout';

// Inline styles: the markers live inside wavesurfer's shadow root, out of reach of page CSS.
const LINE: Record<MarkerKind, CSSProperties> = {
  offset: { borderLeft: '1px solid #1677ff' },
  'selected-offset': { borderLeft: '3px solid #1677ff' },
  'ending-point': { borderLeft: '2px dashed #cf1322' },
  'selected-ending-point': { borderLeft: '3px solid #cf1322' },
  highlight: { borderLeft: '2px solid #389e0d' },
  template: { borderLeft: '2px solid #9254de' },
};
const LABEL_COLOR: Record<MarkerKind, string> = {
  offset: '#1677ff',
  'selected-offset': '#1677ff',
  'ending-point': '#cf1322',
  'selected-ending-point': '#cf1322',
  highlight: '#389e0d',
  template: '#9254de',
};

export type WaveformMarkersProps = { wrapper: HTMLElement; durationS: number; markers: readonly MarkerInput[] };

/** Beat, template, ending-point and highlight markers over the waveform, positioned in percent so zoom keeps them in place. */
export function WaveformMarkers({ wrapper, durationS, markers }: WaveformMarkersProps) {
  const placed = placeMarkers(markers, durationS);
  return createPortal(
    <div data-testid="waveform-markers" style={{ position: 'absolute', inset: 0, pointerEvents: 'none', zIndex: 4 }}>
      {placed.map((m) => (
        <div
          key={m.key}
          data-marker={m.kind}
          data-time={m.timeS}
          style={{ position: 'absolute', top: 0, bottom: 0, left: `${m.leftPercent}%`, ...LINE[m.kind] }}
        >
          {m.label && (
            <span
              style={{
                position: 'absolute',
                top: 0,
                left: 2,
                fontSize: 9,
                lineHeight: '10px',
                color: '#fff',
                background: LABEL_COLOR[m.kind],
                padding: '0 2px',
              }}
            >
              {m.label}
            </span>
          )}
        </div>
      ))}
    </div>,
    wrapper,
  );
}
