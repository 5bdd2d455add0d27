import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';

import { DECODE_SAMPLE_RATE_HZ, WAVEFORM_HEIGHT_PX } from '../domain/constants';
import { createPlayheadClock } from '../domain/playhead-clock';

/** What to draw and play: the media url, and precomputed peaks/duration (seconds) when known. */
export type WaveformSource = { url: string; peaks?: number[][] | null; durationS?: number | null };

export type WaveformControls = {
  isReady: boolean;
  isPlaying: boolean;
  durationS: number;
  /** Plays from `fromS` (default: the playhead) and stops at `toS` (default: the end). */
  play: (fromS?: number, toS?: number) => void;
  pause: () => void;
  playPause: () => void;
  seek: (timeS: number) => void;
  /** Current playhead in seconds (0 before ready). */
  getTimeS: () => number;
  getMediaElement: () => HTMLMediaElement | null;
  /** Calls `listener` with the playhead (seconds) as it moves; returns the unsubscribe. */
  onTimeUpdate: (listener: (timeS: number) => void) => () => void;
};

export type WaveformOptions = { height?: number };

const COLORS = { waveColor: '#8fa3bf', progressColor: '#3b5b8c', cursorColor: '#d4380d' };

/**
 * One wavesurfer.js instance inside `containerRef`, created in an effect when the source changes
 * and destroyed on unmount; every event subscription is undone with the instance.
 */
export function useWaveform(
  containerRef: RefObject<HTMLElement | null>,
  source: WaveformSource | null,
  options: WaveformOptions = {},
): WaveformControls {
  const surferRef = useRef<WaveSurfer | null>(null);
  const timeListeners = useRef(new Set<(timeS: number) => void>());
  // Time updates reach listeners at most every PLAYBACK_TIME_UPDATE_THROTTLE_MS, as in the workspace.
  const [clock] = useState(() => createPlayheadClock());
  const [state, setState] = useState({ isReady: false, isPlaying: false, durationS: 0 });
  const { url, peaks, durationS } = source ?? {};
  const height = options.height ?? WAVEFORM_HEIGHT_PX;

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !url) return undefined;
    setState({ isReady: false, isPlaying: false, durationS: 0 });
    const surfer = WaveSurfer.create({
      container,
      ...COLORS,
      height,
      sampleRate: DECODE_SAMPLE_RATE_HZ,
      normalize: true,
      cursorWidth: 2,
      url,
      peaks: peaks ?? undefined,
      duration: durationS ?? undefined,
    });
    surferRef.current = surfer;
    const unsubscribes = [
      surfer.on('ready', (d) => setState((prev) => ({ ...prev, isReady: true, durationS: d }))),
      surfer.on('play', () => setState((prev) => ({ ...prev, isPlaying: true }))),
      surfer.on('pause', () => setState((prev) => ({ ...prev, isPlaying: false }))),
      surfer.on('finish', () => setState((prev) => ({ ...prev, isPlaying: false }))),
      surfer.on('timeupdate', (timeS) => clock.setTimeS(timeS)),
      surfer.on('seeking', (timeS) => clock.setTimeS(timeS, true)),
      clock.subscribe(() => timeListeners.current.forEach((listener) => listener(clock.getTimeS()))),
      surfer.on('error', (error) => console.error('waveform:', error)),
    ];
    return () => {
      unsubscribes.forEach((unsubscribe) => unsubscribe());
      surfer.destroy();
      surferRef.current = null;
    };
  }, [containerRef, url, peaks, durationS, height, clock]);

  return useMemo(() => {
    const withSurfer = <T>(act: (s: WaveSurfer) => T, fallback: T) =>
      surferRef.current ? act(surferRef.current) : fallback;
    return {
      ...state,
      play: (fromS, toS) => withSurfer((s) => void s.play(fromS, toS).catch(() => undefined), undefined),
      pause: () => withSurfer((s) => s.pause(), undefined),
      playPause: () => withSurfer((s) => void s.playPause().catch(() => undefined), undefined),
      seek: (timeS) => withSurfer((s) => s.setTime(timeS), undefined),
      getTimeS: () => withSurfer((s) => s.getCurrentTime(), 0),
      getMediaElement: () => withSurfer((s) => s.getMediaElement(), null),
      onTimeUpdate: (listener) => {
        timeListeners.current.add(listener);
        return () => timeListeners.current.delete(listener);
      },
    } satisfies WaveformControls;
  }, [state]);
}
