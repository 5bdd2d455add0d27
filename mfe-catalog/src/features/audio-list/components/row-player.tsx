import { CaretRightFilled } from '@ant-design/icons';
import type { AudioListItem } from '@curator/shared';
import { useState } from 'react';

/**
 * An audio's player in its row. Until it is first played it is a button that looks like the
 * player: a page of 100 native players costs their controls' layout and 2,000 media listeners
 * before any row shows. Pressed (or reached by ArrowRight/ArrowLeft, which click it), it becomes
 * the native player and plays.
 */
export function RowPlayer({ audio }: { audio: AudioListItem & { media: string } }) {
  const [started, setStarted] = useState(false);
  if (started)
    return <audio className="row-player" controls autoPlay preload="auto" src={audio.media} data-audio-id={audio.id} />;
  return (
    <button
      type="button"
      className="row-player row-player-idle"
      data-audio-id={audio.id}
      aria-label={`Play ${audio.audio_name || audio.id}`}
      onClick={() => setStarted(true)}
    >
      <CaretRightFilled aria-hidden />
      <span className="row-player-time">0:00</span>
    </button>
  );
}
