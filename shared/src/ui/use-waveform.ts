import { createPlayheadClock, DECODE_SAMPLE_RATE_HZ, type PlayheadClock, WAVEFORM_HEIGHT_PX } from '@curator/shared';
import { type RefObject, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type WaveSurfer from 'wavesurfer.js';

import { loadPeaks } from './peaks-file';

/** What to draw and play: the media, and the precomputed peaks when the analysis has them. */
export type WaveformSource = { mediaUrl: string; peaksUrl: string | null };

export type WaveformController = {
  clock: PlayheadClock;
  isReady: boolean;
  /** The media could not be loaded or decoded: the waveform will not become ready. */
  hasFailed: boolean;
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

type WaveformState = Pick<
  WaveformController,
  'isReady' | 'hasFailed' | 'isDrawn' | 'isPlaying' | 'durationS' | 'wrapper'
> & {
  /** The media these flags are about. */
  forUrl: string | null;
};

const IDLE = { isReady: false, hasFailed: false, isDrawn: false, isPlaying: false, durationS: 0, wrapper: null };
/** True when `state` already is the one a new source starts from (then nothing is set, and nothing drawn again). */
const isIdleFor = (state: WaveformState, forUrl: string | null) =>
  state.forUrl === forUrl &&
  !state.isReady &&
  !state.hasFailed &&
  !state.isDrawn &&
  !state.isPlaying &&
  state.durationS === 0 &&
  !state.wrapper;

/** wavesurfer.js, loaded once per page; a screen about to draw a waveform may call it early. */
export const loadWaveSurfer = () => import('wavesurfer.js');

export type WaveformOptions = { /** Draw the time ruler under the waveform (default true). */ timeline?: boolean };

/**
 * The one wavesurfer.js instance of a screen, in `containerRef`: the precomputed peaks are drawn as
 * soon as they arrive (before wavesurfer.js and the media), then wavesurfer.js draws over them;
 * rebuilt when the media changes (the clock back to 0, nothing ready), destroyed on unmount. The
 * workspace and the approvals player both use it.
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
  const [state, setState] = useState<WaveformState>(() => ({ ...IDLE, forUrl: source?.mediaUrl ?? null }));
  const mediaUrl = source?.mediaUrl ?? null;
  // Read when a source is loaded, not a reason to load it again: peaks that arrive with a later read of the audio
  // (its peaks job done meanwhile) would rebuild a player whose media is decoded already, and take its playhead to 0.
  const peaksUrlRef = useRef(source?.peaksUrl ?? null);
  peaksUrlRef.current = source?.peaksUrl ?? null;

  // A layout effect: with the peaks already loaded (a screen's start asks for them), the preview is drawn
  // before the screen's first paint rather than a frame later (on a cold /beats/, from the screen's commit to
  // the drawn waveform took 20-40 ms, now 6-14 ms).
  useLayoutEffect(() => {
    const container = containerRef.current;
    // A new source (or none): nothing of the previous one is ready, playing or drawn any more.
    clock.setTimeS(0, true);
    setState((prev) => (isIdleFor(prev, mediaUrl) ? prev : { ...IDLE, forUrl: mediaUrl }));
    if (!container || !mediaUrl) return undefined;
    const abort = new AbortController();
    let surfer: WaveSurfer | null = null;
    let picture: HTMLCanvasElement | null = null;
    let drawn = false;
    const markDrawn = () => {
      if (drawn) return;
      drawn = true;
      performance.mark('waveform-drawn');
      container.dataset.drawnMs = String(Math.round(performance.now()));
      setState((prev) => ({ ...prev, isDrawn: true }));
    };
    const peaksUrl = peaksUrlRef.current;
    void (async () => {
      // wavesurfer.js loads beside the peaks, so only the screens that draw a waveform fetch it.
      const player = Promise.all([
        loadWaveSurfer(),
        withTimeline ? import('wavesurfer.js/dist/plugins/timeline.js') : null,
      ]);
      // Bundled with this module (eager): a promise only because wavesurfer.js publishes its drawing
      // rules for `import` alone, which CommonJS consumers of this module (jest) cannot require.
      const preview = import(/* webpackMode: "eager" */ './peaks-preview');
      const peaks = peaksUrl ? await loadPeaks(peaksUrl) : null;
      if (abort.signal.aborted) return;
      performance.mark('waveform-peaks-loaded');
      // The peaks are drawn as soon as they are here; wavesurfer.js draws over them when it is.
      if (peaks) {
        const { drawPeaksPreview } = await preview;
        if (abort.signal.aborted) return;
        picture = drawPeaksPreview(container, peaks, { height: WAVEFORM_HEIGHT_PX, color: COLORS.waveColor });
        markDrawn();
      }
      const [{ default: WaveSurferClass }, timeline] = await player;
      if (abort.signal.aborted) return;
      if (picture) Object.assign(picture.style, { position: 'absolute', top: '0', left: '0', pointerEvents: 'none' });
      if (picture && getComputedStyle(container).position === 'static') container.style.position = 'relative';
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
      s.on('redrawcomplete', () => {
        picture?.remove();
        picture = null;
        markDrawn();
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
      s.on('error', (error) => {
        console.error('waveform:', error);
        setState((prev) => (prev.isReady ? prev : { ...prev, hasFailed: true }));
      });
    })();
    return () => {
      abort.abort();
      picture?.remove();
      surfer?.destroy();
      surferRef.current = null;
      loopRef.current = null;
    };
  }, [containerRef, mediaUrl, clock, withTimeline]);

  return useMemo(() => {
    // Until the effect above has run for a new source, the state still describes the previous one.
    const current = state.forUrl === mediaUrl ? state : { ...IDLE, forUrl: mediaUrl };
    const withSurfer = (act: (s: WaveSurfer) => void) => () => {
      if (surferRef.current) act(surferRef.current);
    };
    const { forUrl: _, ...shown } = current;
    return {
      clock,
      ...shown,
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
  }, [clock, state, mediaUrl]);
}
