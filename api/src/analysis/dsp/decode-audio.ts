import { spawn, spawnSync } from 'node:child_process';
import { open, readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

import { downmixToMono } from './downmix';
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

/** True when an ffmpeg binary can be started (asked once per path and process). */
export function isFfmpegAvailable(ffmpegPath = 'ffmpeg'): boolean {
  let found = ffmpegFound.get(ffmpegPath);
  if (found === undefined) {
    found = !spawnSync(ffmpegPath, ['-version'], { stdio: 'ignore' }).error;
    ffmpegFound.set(ffmpegPath, found);
  }
  return found;
}

/** Output shape asked of the decoder: `mono` averages the channels, `sampleRateHz` resamples (ffmpeg only). */
export type DecodeOptions = { ffmpegPath?: string; mono?: boolean; sampleRateHz?: number };

/** Float PCM from a 32-bit float WAV byte stream as ffmpeg writes it to a pipe (data size may be unknown). */
export function readFloatWavStream(bytes: Buffer): DecodedAudio | null {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF') return parseWav(new Uint8Array(bytes));
  let offset = 12;
  let [channelCount, sampleRateHz, tag, bits] = [0, 0, 0, 0];
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      tag = bytes.readUInt16LE(offset + 8);
      if (tag === 0xfffe) tag = bytes.readUInt16LE(offset + 32);
      channelCount = bytes.readUInt16LE(offset + 10);
      sampleRateHz = bytes.readUInt32LE(offset + 12);
      bits = bytes.readUInt16LE(offset + 22);
    } else if (id === 'data') {
      if (tag !== 3 || bits !== 32 || channelCount === 0) return parseWav(new Uint8Array(bytes));
      const start = offset + 8;
      const end = size === 0xffffffff || start + size > bytes.length ? bytes.length : start + size;
      const frameCount = Math.floor((end - start) / (4 * channelCount));
      // Copy into an aligned buffer, then de-interleave.
      const interleaved = new Float32Array(frameCount * channelCount);
      new Uint8Array(interleaved.buffer).set(bytes.subarray(start, start + interleaved.byteLength));
      const channels = Array.from({ length: channelCount }, () => new Float32Array(frameCount));
      if (channelCount === 1) channels[0] = interleaved;
      else
        for (let c = 0; c < channelCount; c++) {
          const channel = channels[c];
          for (let i = 0, p = c; i < frameCount; i++, p += channelCount) channel[i] = interleaved[p];
        }
      return { sampleRateHz, channels, durationS: frameCount / sampleRateHz };
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}

/** Decodes any file ffmpeg understands to 32-bit float PCM (WAV framing) streamed through a pipe. */
export function decodeWithFfmpeg(path: string, options: DecodeOptions): Promise<DecodedAudio> {
  const ffmpegPath = options.ffmpegPath ?? 'ffmpeg';
  if (!isFfmpegAvailable(ffmpegPath)) return Promise.reject(new Error(FFMPEG_MISSING_MESSAGE));
  const shape = [
    ...(options.mono ? ['-ac', '1'] : []),
    ...(options.sampleRateHz ? ['-ar', String(options.sampleRateHz)] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, [
      '-v',
      'error',
      '-i',
      path,
      '-map',
      '0:a:0',
      ...shape,
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
      const decoded = code === 0 ? readFloatWavStream(Buffer.concat(chunks)) : null;
      if (decoded) resolve(decoded);
      else reject(new Error(`ffmpeg could not decode ${path}: ${Buffer.concat(errors).toString().trim()}`));
    });
  });
}

/** Receives mono PCM chunks as they are decoded. */
export type PcmSink = (samples: Float32Array) => void;

/**
 * Streams a file's mono PCM into a sink while it decodes, so analysis overlaps decoding: mp3 and m4a through ffmpeg
 * (raw f32le on stdout, resampled to `sampleRateHz`) when it is installed; anything else, or mp3 without ffmpeg,
 * is decoded whole in-process and handed over at its own rate. `openSink` is told the rate before any sample.
 */
export async function streamMonoPcm(
  path: string,
  options: { sampleRateHz: number; ffmpegPath?: string },
  openSink: (sampleRateHz: number) => PcmSink,
): Promise<{ sampleRateHz: number; durationS: number }> {
  const ffmpegPath = options.ffmpegPath ?? 'ffmpeg';
  const format = sniffAudioFormat(await readHead(path, 256));
  if (!(format === 'm4a' || (format === 'mp3' && isFfmpegAvailable(ffmpegPath)))) {
    const audio = await decodeFile(path, { ffmpegPath, mono: true });
    openSink(audio.sampleRateHz)(audio.channels[0]);
    return { sampleRateHz: audio.sampleRateHz, durationS: audio.durationS };
  }
  if (!isFfmpegAvailable(ffmpegPath)) throw new Error(FFMPEG_MISSING_MESSAGE);
  const { sampleRateHz } = options;
  const sink = openSink(sampleRateHz);
  const args = ['-v', 'error', '-i', path, '-map', '0:a:0', '-ac', '1', '-ar', String(sampleRateHz)];
  // Without -flush_packets 0 ffmpeg writes each decoded frame on its own (about 2 KB): some 6,000 reads of the pipe for a
  // 3-minute track instead of about 500 of 32 KB.
  const child = spawn(ffmpegPath, [...args, '-f', 'f32le', '-acodec', 'pcm_f32le', '-flush_packets', '0', '-']);
  let sampleCount = 0;
  let rest = Buffer.alloc(0);
  const errors: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    const bytes = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    const usable = bytes.length - (bytes.length % 4);
    const samples = new Float32Array(usable / 4);
    new Uint8Array(samples.buffer).set(bytes.subarray(0, usable));
    rest = Buffer.from(bytes.subarray(usable));
    sampleCount += samples.length;
    sink(samples);
  });
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0 || sampleCount === 0)
    throw new Error(`ffmpeg could not decode ${path}: ${Buffer.concat(errors).toString().trim()}`);
  return { sampleRateHz, durationS: sampleCount / sampleRateHz };
}

/** Applies `mono` to audio decoded in-process (resampling is left to the analysis). */
function shapeDecoded(audio: DecodedAudio, options: DecodeOptions): DecodedAudio {
  return options.mono && audio.channels.length > 1 ? { ...audio, channels: [downmixToMono(audio.channels)] } : audio;
}

/** The first `length` bytes of a file (fewer if it is shorter). */
async function readHead(path: string, length: number): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const head = new Uint8Array(length);
    const { bytesRead } = await file.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Decodes an audio file to float PCM: m4a/aac through ffmpeg; mp3 through ffmpeg when it is installed (an 80 s
 * MP3 took 150–280 ms against 240–270 ms for the WASM decoder on one core of the build machine), else in-process
 * like wav/ogg/opus/flac (WASM).
 */
export async function decodeFile(path: string, options: DecodeOptions = {}): Promise<DecodedAudio> {
  const format = sniffAudioFormat(await readHead(path, 256));
  if (format === 'm4a') return decodeWithFfmpeg(path, options);
  if (format === 'mp3' && isFfmpegAvailable(options.ffmpegPath)) return decodeWithFfmpeg(path, options);
  const bytes = new Uint8Array(await readFile(path));
  if (format === 'wav') {
    const decoded = parseWav(bytes);
    if (decoded) return shapeDecoded(decoded, options);
  }
  if (!format) throw new Error(`Unrecognised audio format: ${path}`);
  return shapeDecoded(await decodeWithWasm(bytes, format), options);
}
