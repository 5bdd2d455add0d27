import { spawn, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

import { type DecodedAudio, parseWav } from './wav-format';

export type { DecodedAudio } from './wav-format';
export type AudioFormat = 'wav' | 'mp3' | 'ogg-vorbis' | 'ogg-opus' | 'flac' | 'm4a';

/** Message of the error thrown when m4a/aac input arrives and no ffmpeg binary is on the PATH. */
export const FFMPEG_MISSING_MESSAGE = 'Decoding m4a/aac needs ffmpeg (Debian package "ffmpeg"), which is not installed';

const WASM_DECODERS: Record<Exclude<AudioFormat, 'm4a'>, string> = {
  wav: '@audio/decode-wav',
  mp3: '@audio/decode-mp3',
  'ogg-vorbis': '@audio/decode-vorbis',
  'ogg-opus': '@audio/decode-opus',
  flac: '@audio/decode-flac',
};

// The decoders are ES modules: a worker imports them natively, outside any CommonJS loader or test sandbox.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.moduleUrl)
  .then((module) => module.default(workerData.bytes))
  .then(({ channelData, sampleRate }) => parentPort.postMessage({ sampleRate, channelData: channelData.map((c) => c.slice()) }))
  .catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

/** Container/codec of an audio file from its first bytes; null when not recognised. */
export function sniffAudioFormat(bytes: Uint8Array): AudioFormat | null {
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WAVE') return 'wav';
  if (text(0, 4) === 'fLaC') return 'flac';
  if (text(0, 4) === 'OggS') {
    const head = text(0, Math.min(bytes.length, 200));
    if (head.includes('OpusHead')) return 'ogg-opus';
    if (head.includes('vorbis')) return 'ogg-vorbis';
    if (head.includes('FLAC')) return 'flac';
    return null;
  }
  if (text(4, 8) === 'ftyp') return 'm4a';
  if (text(0, 3) === 'ID3' || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)) {
    return bytes[0] === 0xff && (bytes[1] & 0x06) === 0 ? 'm4a' : 'mp3';
  }
  return null;
}

/** Decodes with a registry WASM decoder in a worker thread. */
function decodeWithWasm(bytes: Uint8Array, format: Exclude<AudioFormat, 'm4a'>): Promise<DecodedAudio> {
  const moduleUrl = pathToFileURL(require.resolve(WASM_DECODERS[format])).href;
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { moduleUrl, bytes } });
    worker.once('message', (message: { error?: string; sampleRate: number; channelData: Float32Array[] }) => {
      void worker.terminate();
      if (message.error || !message.channelData?.length)
        return reject(new Error(`Cannot decode ${format}: ${message.error ?? 'no audio'}`));
      const channels = message.channelData;
      resolve({ sampleRateHz: message.sampleRate, channels, durationS: channels[0].length / message.sampleRate });
    });
    worker.once('error', reject);
  });
}

const ffmpegFound = new Map<string, boolean>();

/** True when an ffmpeg binary can be started (asked once per path). */
export function isFfmpegAvailable(ffmpegPath = 'ffmpeg'): boolean {
  let found = ffmpegFound.get(ffmpegPath);
  if (found === undefined) {
    found = !spawnSync(ffmpegPath, ['-version'], { stdio: 'ignore' }).error;
    ffmpegFound.set(ffmpegPath, found);
  }
  return found;
}

/** Decodes any file ffmpeg understands to 32-bit float WAV through a pipe. */
function decodeWithFfmpeg(path: string, ffmpegPath: string): Promise<DecodedAudio> {
  if (!isFfmpegAvailable(ffmpegPath)) return Promise.reject(new Error(FFMPEG_MISSING_MESSAGE));
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, [
      '-v',
      'error',
      '-i',
      path,
      '-map',
      '0:a:0',
      '-f',
      'wav',
      '-acodec',
      'pcm_f32le',
      '-',
    ]);
    const chunks: Buffer[] = [];
    const errors: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      const decoded = code === 0 ? parseWav(new Uint8Array(Buffer.concat(chunks))) : null;
      if (decoded) resolve(decoded);
      else reject(new Error(`ffmpeg could not decode ${path}: ${Buffer.concat(errors).toString().trim()}`));
    });
  });
}

export type DecodeOptions = {
  ffmpegPath?: string;
  /** `auto`: ffmpeg for compressed formats when it is on the PATH, else WASM; `wasm`: never ffmpeg (m4a aside). */
  decoder?: 'auto' | 'wasm';
};

/**
 * Decodes an audio file to float PCM. PCM WAV is read directly. m4a/aac needs ffmpeg. MP3, Ogg and
 * FLAC go through ffmpeg when it is on the PATH (its native decoders are several times faster than
 * the WASM ones), and through the registry's WASM decoders otherwise or if ffmpeg fails.
 */
export async function decodeFile(path: string, options: DecodeOptions = {}): Promise<DecodedAudio> {
  const ffmpegPath = options.ffmpegPath ?? 'ffmpeg';
  const bytes = new Uint8Array(await readFile(path));
  const format = sniffAudioFormat(bytes);
  if (format === 'm4a') return decodeWithFfmpeg(path, ffmpegPath);
  if (format === 'wav') {
    const decoded = parseWav(bytes);
    if (decoded) return decoded;
  }
  if (!format) throw new Error(`Unrecognised audio format: ${path}`);
  if (options.decoder !== 'wasm' && isFfmpegAvailable(ffmpegPath)) {
    const decoded = await decodeWithFfmpeg(path, ffmpegPath).catch(() => null);
    if (decoded) return decoded;
  }
  return decodeWithWasm(bytes, format);
}
