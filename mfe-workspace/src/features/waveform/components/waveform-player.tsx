import { MEDIA_FAILED_MESSAGE, NO_MEDIA_MESSAGE } from '@curator/shared';
import type { WaveformController } from '@curator/shared/ui';
import { Alert, Spin } from 'antd';
import type { RefObject } from 'react';

import type { MarkerInput } from '../marker-layout';
import { WaveformControls } from './waveform-controls';
import { WaveformMarkers } from './waveform-markers';

export type WaveformPlayerProps = {
  containerRef: RefObject<HTMLDivElement | null>;
  controller: WaveformController;
  hasMedia: boolean;
  markers: readonly MarkerInput[];
  /** False while the page draws the waveform first; the controls' place is kept. */
  showControls: boolean;
};

/** The waveform with its timeline, markers and controls; the no-media and failed-media messages of docs/screens.md. */
export function WaveformPlayer({ containerRef, controller, hasMedia, markers, showControls }: WaveformPlayerProps) {
  if (!hasMedia) return <Alert type="warning" showIcon message={NO_MEDIA_MESSAGE} data-testid="no-media" />;
  return (
    <div className="waveform-player">
      {/* A file that does not play says so; the spinner would go on turning. */}
      {controller.hasFailed && (
        <Alert type="error" showIcon message={MEDIA_FAILED_MESSAGE} data-testid="media-failed" />
      )}
      <Spin spinning={!controller.isReady && controller.durationS === 0 && !controller.hasFailed} size="small">
        <div
          ref={containerRef}
          className="waveform"
          data-testid="waveform"
          data-ready={controller.isReady ? 'true' : 'false'}
        />
      </Spin>
      {controller.wrapper && (
        <WaveformMarkers wrapper={controller.wrapper} durationS={controller.durationS} markers={markers} />
      )}
      {showControls ? (
        <WaveformControls controller={controller} disabled={!controller.isReady} />
      ) : (
        <div className="waveform-controls" />
      )}
    </div>
  );
}
