import { createPlayheadClock, DECODE_SAMPLE_RATE_HZ, type PlayheadClock, WAVEFORM_HEIGHT_PX } from '@curator/shared';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import type WaveSurfer from 'wavesurfer.js';

import { loadPeaks } from './peaks-file';

/** What to draw and play: the media, and the precomputed peaks when the analysis has them. */
export type WaveformSource = { mediaUrl: string; peaksUrl: string | null };

export type WaveformController = {
  clock: PlayheadClock;
  isReady: boolean;
  /** The waveform has been drawn once (before the media can play). */
  isDrawn: boolean;
  isPlaying: boolean;
  durationS: number;
  /** The scrolling element markers are laid over (inside wavesurfer's shadow root). */
  wrapper: HTMLElement | null;
  /** Plays from `fromS` (default: the playhead) up to `toS` (default: the end). */
  play: (fromS?: number, toS?: number) => void;
  pause: () => void;
  /** Plays fromS→toS over and over until anything else moves the playhead. */
  playLoop: (fromS: number, toS: number) => void;
  playPause: () => void;
  seek: (timeS: number) => void;
  setZoom: (pxPerS: number) => void;
  setRate: (rate: number) => void;
  setVolume: (percent: number) => void;
  setMuted: (muted: boolean) => void;
};

const COLORS = { waveColor: '#8fa3bf', progressColor: '#3b5b8c', cursorColor: '#d4380d' };

export type WaveformOptions = { /** Draw the time ruler under the waveform (default true). */ timeline?: boolean };

/**
 * The one wavesurfer.js instance of a screen, in `containerRef`: drawn from the precomputed peaks
 * before the media loads, rebuilt when the source changes, destroyed on unmount. The workspace and
 * the approvals player both use it.
 */
export function useWaveform(
  containerRef: RefObject<HTMLElement | null>,
  source: WaveformSource | null,
  options: WaveformOptions = {},
): WaveformController {
  const withTimeline = options.timeline ?? true;
  const clock = useMemo(() => createPlayheadClock(), []);
  const surferRef = useRef<WaveSurfer | null>(null);
  const loopRef = useRef<{ fromS: number; toS: number } | null>(null);
  const [state, setState] = useState({
    isReady: false,
    isDrawn: false,
    isPlaying: false,
    durationS: 0,
    wrapper: null as HTMLElement | null,
  });
  const mediaUrl = source?.mediaUrl ?? null;
  const peaksUrl = source?.peaksUrl ?? null;

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !mediaUrl) return undefined;
    const abort = new AbortController();
    let surfer: WaveSurfer | null = null;
    setState({ isReady: false, isDrawn: false, isPlaying: false, durationS: 0, wrapper: null });
    void (async () => {
      // wavesurfer.js is loaded with the peaks, so only the screens that draw a waveform fetch it.
      const [peaks, { default: WaveSurferClass }, timeline] = await Promise.all([
        peaksUrl ? loadPeaks(peaksUrl) : null,
        import('wavesurfer.js'),
        withTimeline ? import('wavesurfer.js/dist/plugins/timeline.js') : null,
      ]);
      if (abort.signal.aborted) return;
      performance.mark('waveform-peaks-loaded');
      surfer = WaveSurferClass.create({
        container,
        ...COLORS,
        height: WAVEFORM_HEIGHT_PX,
        sampleRate: DECODE_SAMPLE_RATE_HZ,
        normalize: true,
        cursorWidth: 2,
        url: mediaUrl,
        peaks: peaks?.peaks,
        duration: peaks?.durationS,
        plugins: timeline ? [timeline.default.create({ height: 14, style: { fontSize: '10px', color: '#666' } })] : [],
      });
      surferRef.current = surfer;
      const s = surfer;
      let drawn = false;
      s.on('redrawcomplete', () => {
        if (drawn) return;
        drawn = true;
        performance.mark('waveform-drawn');
        container.dataset.drawnMs = String(Math.round(performance.now()));
        setState((prev) => ({ ...prev, isDrawn: true }));
      });
      s.on('decode', (durationS) => setState((prev) => ({ ...prev, durationS, wrapper: s.getWrapper() })));
      s.on('ready', (durationS) =>
        setState((prev) => ({ ...prev, isReady: true, durationS, wrapper: s.getWrapper() })),
      );
      s.on('play', () => setState((prev) => ({ ...prev, isPlaying: true })));
      s.on('pause', () => setState((prev) => ({ ...prev, isPlaying: false })));
      s.on('interaction', () => {
        loopRef.current = null;
      });
      s.on('timeupdate', (timeS) => {
        const loop = loopRef.current;
        if (loop && timeS >= loop.toS) s.setTime(loop.fromS);
        clock.setTimeS(timeS);
      });
      s.on('seeking', (timeS) => clock.setTimeS(timeS, true));
      s.on('error', (error) => console.error('waveform:', error));
    })();
    return () => {
      abort.abort();
      surfer?.destroy();
      surferRef.current = null;
      loopRef.current = null;
    };
  }, [containerRef, mediaUrl, peaksUrl, clock, withTimeline]);

  return useMemo(() => {
    const withSurfer = (act: (s: WaveSurfer) => void) => () => {
      if (surferRef.current) act(surferRef.current);
    };
    return {
      clock,
      ...state,
      play: (fromS, toS) =>
        withSurfer((s) => {
          loopRef.current = null;
          void s.play(fromS, toS).catch(() => undefined);
        })(),
      pause: withSurfer((s) => s.pause()),
      playLoop: (fromS, toS) =>
        withSurfer((s) => {
          loopRef.current = { fromS, toS };
          void s.play(fromS).catch(() => undefined);
        })(),
      playPause: withSurfer((s) => {
        loopRef.current = null;
        void s.playPause().catch(() => undefined);
      }),
      seek: (timeS) =>
        withSurfer((s) => {
          loopRef.current = null;
          s.setTime(timeS);
          clock.setTimeS(timeS, true);
        })(),
      setZoom: (pxPerS) =>
        withSurfer((s) => {
          if (s.getDuration() > 0) s.zoom(pxPerS);
        })(),
      setRate: (rate) => withSurfer((s) => s.setPlaybackRate(rate))(),
      setVolume: (percent) => withSurfer((s) => s.setVolume(percent / 100))(),
      setMuted: (muted) => withSurfer((s) => s.setMuted(muted))(),
    } satisfies WaveformController;
  }, [clock, state]);
}
