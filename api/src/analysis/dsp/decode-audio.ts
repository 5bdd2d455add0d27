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

/**
 * The file is not audio this product can decode, and never will be: its analysis fails at once rather than being tried
 * again. The message names what is wrong, not where the file is stored (callers show it to the user).
 */
export class UndecodableMediaError extends Error {
  override readonly name = 'UndecodableMediaError';
}

/** Sample rates a decoded file may have: below or above these the header is broken (a rate of 0 divided by zero). */
const SAMPLE_RATE_RANGE_HZ: readonly [number, number] = [1000, 768_000];

/** `audio` when its rate is one a file can have; else the file is undecodable. */
function checkDecoded(audio: DecodedAudio): DecodedAudio {
  const [lowest, highest] = SAMPLE_RATE_RANGE_HZ;
  if (!(audio.sampleRateHz >= lowest && audio.sampleRateHz <= highest))
    throw new UndecodableMediaError(`The file gives a sample rate of ${audio.sampleRateHz} Hz`);
  return audio;
}

/** Decodes with a registry WASM decoder in a worker thread. */
function decodeWithWasm(bytes: Uint8Array, format: Exclude<AudioFormat, 'm4a'>): Promise<DecodedAudio> {
  const moduleUrl = pathToFileURL(require.resolve(WASM_DECODERS[format])).href;
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { moduleUrl, bytes } });
    worker.once('message', (message: { error?: string; sampleRate: number; channelData: Float32Array[] }) => {
      void worker.terminate();
      if (message.error || !message.channelData?.length)
        return reject(new UndecodableMediaError(`Cannot decode ${format}: ${message.error ?? 'no audio'}`));
      const channels = message.channelData;
      resolve({ sampleRateHz: message.sampleRate, channels, durationS: channels[0].length / message.sampleRate });
    });
    worker.once('error', reject);
  });
}

const programFound = new Map<string, boolean>();

/** True when a program can be started (asked once per path and process: ffmpeg takes 60-80 ms to start). */
function isProgramAvailable(programPath: string, versionFlag: string): boolean {
  let found = programFound.get(programPath);
  if (found === undefined) {
    found = !spawnSync(programPath, [versionFlag], { stdio: 'ignore' }).error;
    programFound.set(programPath, found);
  }
  return found;
}

/** True when an ffmpeg binary can be started (asked once per path and process). */
export function isFfmpegAvailable(ffmpegPath = 'ffmpeg'): boolean {
  return isProgramAvailable(ffmpegPath, '-version');
}

/** True when an mpg123 binary (Debian package "mpg123") can be started (asked once per path and process). */
export function isMpg123Available(mpg123Path = 'mpg123'): boolean {
  return isProgramAvailable(mpg123Path, '--version');
}

/**
 * Output shape asked of the decoder: `mono` mixes the channels into one (the in-process decoders and mpg123 average
 * them, ffmpeg's -ac 1 adds them at -3 dB each), `sampleRateHz` resamples (ffmpeg only).
 */
export type DecodeOptions = { ffmpegPath?: string; mpg123Path?: string; mono?: boolean; sampleRateHz?: number };

/** Runs a decoder that writes 32-bit float WAV to stdout, and reads the whole of it, one array per channel. */
async function decodeThrough(program: string, args: string[], path: string): Promise<DecodedAudio> {
  const parts: Float32Array[][] = [];
  // Never null: the sink below never stops the decoder.
  const { sampleRateHz, frameCount } = (await pipeFloatWav(path, program, args, ({ channelCount }) => {
    parts.push(...Array.from({ length: channelCount }, () => []));
    return (interleaved) => {
      if (channelCount === 1) return void parts[0].push(interleaved);
      const frames = interleaved.length / channelCount;
      parts.forEach((channelParts, c) => {
        const part = new Float32Array(frames);
        for (let i = 0, p = c; i < frames; i++, p += channelCount) part[i] = interleaved[p];
        channelParts.push(part);
      });
    };
  }))!;
  const channels = parts.map((channelParts) => {
    const channel = new Float32Array(frameCount);
    channelParts.reduce((at, part) => (channel.set(part, at), at + part.length), 0);
    return channel;
  });
  return { sampleRateHz, channels, durationS: frameCount / sampleRateHz };
}

/** `{program} could not decode {path}: {what it wrote to stderr}`. */
function decoderError(program: string, path: string, errors: Buffer[]): Error {
  const [name, detail] = [program.split('/').pop(), Buffer.concat(errors).toString().trim()];
  return new Error(`${name} could not decode ${path}: ${detail || 'it found no audio in it'}`);
}

/** Decodes any file ffmpeg understands to 32-bit float PCM (WAV framing) streamed through a pipe. */
export function decodeWithFfmpeg(path: string, options: DecodeOptions): Promise<DecodedAudio> {
  const ffmpegPath = options.ffmpegPath ?? 'ffmpeg';
  if (!isFfmpegAvailable(ffmpegPath)) return Promise.reject(new Error(FFMPEG_MISSING_MESSAGE));
  return decodeThrough(ffmpegPath, ffmpegArgs(path, options), path);
}

/**
 * ffmpeg's arguments for the file's first audio stream as 32-bit float WAV on stdout: `mono` adds the channels at -3 dB
 * each, `sampleRateHz` resamples. Without -flush_packets 0 ffmpeg writes each decoded frame on its own (about 2 KB):
 * some 6,000 reads of the pipe for a 3-minute mono track instead of about 500 of 32 KB.
 */
function ffmpegArgs(path: string, { mono, sampleRateHz }: Pick<DecodeOptions, 'mono' | 'sampleRateHz'>): string[] {
  const shape = [...(mono ? ['-ac', '1'] : []), ...(sampleRateHz ? ['-ar', String(sampleRateHz)] : [])];
  const output = ['-f', 'wav', '-acodec', 'pcm_f32le', '-flush_packets', '0', '-'];
  return ['-v', 'error', '-i', path, '-map', '0:a:0', ...shape, ...output];
}

/**
 * mpg123's arguments for 32-bit float WAV on stdout: `mono` averages the channels, `halve` halves the file's rate inside
 * the synthesis filter bank (it keeps the lower half of the subbands).
 */
function mpg123Args(path: string, { mono = false, halve = false }: { mono?: boolean; halve?: boolean }): string[] {
  return ['-q', ...(mono ? ['-m'] : []), ...(halve ? ['-2'] : []), '-e', 'f32', '-w', '-', '--', path];
}

/** Receives mono PCM chunks as they are decoded. */
export type PcmSink = (samples: Float32Array) => void;

/** Where streamMonoPcm finds its decoders; a path that cannot be started leaves that decoder out. */
export type StreamOptions = { sampleRateHz: number; ffmpegPath?: string; mpg123Path?: string };

/**
 * Streams a file's mono PCM into a sink while it decodes, so analysis overlaps decoding. mp3 goes through mpg123 when
 * it is installed: its decoder halves the rate in the synthesis filter bank itself (2:1, 22.05 kHz from 44.1 kHz), so
 * decoding and resampling a 3-minute track take about 100 ms of CPU against about 230 ms for ffmpeg's decoder and
 * resampler, whose start-up alone (some 200 shared libraries) takes 40-50 ms. Else mp3, and always m4a, through ffmpeg
 * (resampled to `sampleRateHz`) when it is installed; anything else, or mp3 with neither, is decoded whole in-process
 * and handed over at its own rate. `openSink` is told the rate before any sample.
 */
export async function streamMonoPcm(
  path: string,
  options: StreamOptions,
  openSink: (sampleRateHz: number) => PcmSink,
): Promise<{ sampleRateHz: number; durationS: number }> {
  const { sampleRateHz, ffmpegPath = 'ffmpeg', mpg123Path = 'mpg123' } = options;
  const format = sniffAudioFormat(await readHead(path, 256));
  if (format === 'mp3' && isMpg123Available(mpg123Path)) {
    // -2 only where the halved rate still reaches the analysis rate: a 22.05 or 32 kHz file is decoded at its own.
    const [halvedArgs, wholeArgs] = [mpg123Args(path, { mono: true, halve: true }), mpg123Args(path, { mono: true })];
    const halved = await streamDecoderPcm(path, mpg123Path, halvedArgs, sampleRateHz, openSink);
    return halved ?? (await streamDecoderPcm(path, mpg123Path, wholeArgs, 0, openSink))!;
  }
  if (!(format === 'm4a' || (format === 'mp3' && isFfmpegAvailable(ffmpegPath)))) {
    const audio = await decodeFile(path, { ffmpegPath, mono: true });
    openSink(audio.sampleRateHz)(audio.channels[0]);
    return { sampleRateHz: audio.sampleRateHz, durationS: audio.durationS };
  }
  if (!isFfmpegAvailable(ffmpegPath)) throw new Error(FFMPEG_MISSING_MESSAGE);
  // With no lowest rate asked, the stream is never refused.
  const args = ffmpegArgs(path, { mono: true, sampleRateHz });
  return (await streamDecoderPcm(path, ffmpegPath, args, 0, openSink))!;
}

/**
 * Runs a decoder that writes mono 32-bit float WAV to stdout, hands its samples to the sink as they come and resolves
 * with their rate and duration. Resolves null, the decoder stopped and the sink never opened, when the header's rate is
 * below `lowestRateHz`.
 */
async function streamDecoderPcm(
  path: string,
  program: string,
  args: string[],
  lowestRateHz: number,
  openSink: (sampleRateHz: number) => PcmSink,
): Promise<{ sampleRateHz: number; durationS: number } | null> {
  const piped = await pipeFloatWav(path, program, args, ({ sampleRateHz, channelCount }) =>
    channelCount !== 1
      ? { refuse: 'its output is not mono 32-bit float WAV' }
      : sampleRateHz < lowestRateHz
        ? 'stop'
        : openSink(sampleRateHz),
  );
  return piped && { sampleRateHz: piped.sampleRateHz, durationS: piped.frameCount / piped.sampleRateHz };
}

type FloatWavLayout = { sampleRateHz: number; channelCount: number };

/**
 * Runs a decoder that writes 32-bit float WAV to stdout (a pipe: the data size unknown) and hands its whole frames,
 * interleaved, to the sink `open` gives for the header's layout, as they arrive. `open` may instead stop the decoder
 * ('stop': resolves null) or refuse its output (rejects with that reason). Rejects, naming the program and the file,
 * when the decoder fails or writes no frames.
 */
async function pipeFloatWav(
  path: string,
  program: string,
  args: string[],
  open: (layout: FloatWavLayout) => PcmSink | 'stop' | { refuse: string },
): Promise<(FloatWavLayout & { frameCount: number }) | null> {
  const child = spawn(program, args);
  let [layout, frameCount, wasStopped, ended] = [null as FloatWavLayout | null, 0, false, false];
  let sink: PcmSink | null = null;
  let rest = Buffer.alloc(0);
  const errors: Buffer[] = [];
  const end = (reason?: string) => {
    if (reason) errors.push(Buffer.from(reason));
    ended = true;
    child.kill();
  };
  child.stdout.on('data', (chunk: Buffer) => {
    if (ended) return;
    let bytes = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    if (!sink) {
      const header = readFloatWavHeader(bytes);
      if (header === 'incomplete') {
        rest = Buffer.from(bytes);
        return;
      }
      const opened = header ? open(header) : { refuse: 'its output is not 32-bit float WAV' };
      if (opened === 'stop') {
        wasStopped = true;
        return end();
      }
      if (typeof opened !== 'function') return end(opened.refuse);
      [layout, sink] = [header!, opened];
      bytes = bytes.subarray(header!.dataOffset);
    }
    const frameBytes = 4 * layout!.channelCount;
    const usable = bytes.length - (bytes.length % frameBytes);
    // Copied into an aligned array: the samples start at any byte of a chunk.
    const samples = new Float32Array(usable / 4);
    new Uint8Array(samples.buffer).set(bytes.subarray(0, usable));
    rest = Buffer.from(bytes.subarray(usable));
    frameCount += usable / frameBytes;
    if (samples.length) sink(samples);
  });
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (wasStopped) return null;
  if (code !== 0 || frameCount === 0) throw decoderError(program, path, errors);
  return { ...layout!, frameCount };
}

/**
 * The layout of a 32-bit float WAV stream and where its samples start (read to the stream's end: a decoder writing to a
 * pipe cannot go back to fill in the data size, which ffmpeg leaves 0xffffffff and mpg123 0);
 * 'incomplete' until the data chunk's header has arrived, null when the stream is no such WAV.
 */
export function readFloatWavHeader(bytes: Buffer): (FloatWavLayout & { dataOffset: number }) | 'incomplete' | null {
  if (bytes.length < 12) return 'incomplete';
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') return null;
  let [offset, sampleRateHz, channelCount] = [12, 0, 0];
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'data') return sampleRateHz ? { sampleRateHz, channelCount, dataOffset: offset + 8 } : null;
    if (id === 'fmt ') {
      if (offset + 24 > bytes.length) return 'incomplete';
      let tag = bytes.readUInt16LE(offset + 8);
      if (tag === 0xfffe) {
        if (offset + 34 > bytes.length) return 'incomplete';
        tag = bytes.readUInt16LE(offset + 32);
      }
      const [channels, bits] = [bytes.readUInt16LE(offset + 10), bytes.readUInt16LE(offset + 22)];
      if (tag !== 3 || channels === 0 || bits !== 32) return null;
      [sampleRateHz, channelCount] = [bytes.readUInt32LE(offset + 12), channels];
    }
    offset += 8 + size + (size % 2);
  }
  return 'incomplete';
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
 * Decodes an audio file to float PCM: m4a/aac through ffmpeg; mp3 through mpg123 when it is installed and no rate is
 * asked, else through ffmpeg when it is installed, else in-process like wav/ogg/opus/flac (WASM). On one core of the
 * build machine a 3-minute stereo MP3 took 315-342 ms through mpg123, 383-456 ms through ffmpeg and 521-553 ms in-process.
 */
export async function decodeFile(path: string, options: DecodeOptions = {}): Promise<DecodedAudio> {
  const format = sniffAudioFormat(await readHead(path, 256));
  if (format === 'm4a') return decodeWithFfmpeg(path, options);
  const { mpg123Path = 'mpg123' } = options;
  if (format === 'mp3' && !options.sampleRateHz && isMpg123Available(mpg123Path))
    return decodeThrough(mpg123Path, mpg123Args(path, { mono: options.mono }), path);
  if (format === 'mp3' && isFfmpegAvailable(options.ffmpegPath)) return decodeWithFfmpeg(path, options);
  const bytes = new Uint8Array(await readFile(path));
  if (format === 'wav') {
    const decoded = parseWav(bytes);
    if (decoded) return shapeDecoded(checkDecoded(decoded), options);
  }
  if (!format) throw new UndecodableMediaError('Unrecognised audio format: not MP3, M4A/AAC, WAV, Ogg or FLAC');
  return shapeDecoded(checkDecoded(await decodeWithWasm(bytes, format)), options);
}
