import { isFfmpegAvailable, isMpg123Available, type StreamOptions } from '../dsp/decode-audio';

type DecoderPaths = Required<Pick<StreamOptions, 'mpg123Path' | 'ffmpegPath'>>;

/**
 * The decoders an MP3 can take in trackFileBeats (streamMonoPcm), each alone, the others' programs named where none is;
 * with whether that decoder is installed here. The product takes the first installed.
 */
export const MP3_ROUTES: ReadonlyArray<readonly ['mpg123' | 'ffmpeg' | 'WASM', DecoderPaths, () => boolean]> = [
  ['mpg123', { mpg123Path: 'mpg123', ffmpegPath: '/nonexistent/ffmpeg' }, () => isMpg123Available()],
  ['ffmpeg', { mpg123Path: '/nonexistent/mpg123', ffmpegPath: 'ffmpeg' }, () => isFfmpegAvailable()],
  ['WASM', { mpg123Path: '/nonexistent/mpg123', ffmpegPath: '/nonexistent/ffmpeg' }, () => true],
];
