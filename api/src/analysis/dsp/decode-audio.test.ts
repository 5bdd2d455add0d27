import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { matchEvents } from '../dev/eval/beat-f-measure';
import { MP3_ROUTES } from '../dev/mp3-routes';
import { synthesiseTrack } from '../dev/synth/synthesise-track';
import { trackBeats, trackFileBeats } from './beat-tracker';
import {
  decodeFile,
  FFMPEG_MISSING_MESSAGE,
  isFfmpegAvailable,
  isMpg123Available,
  readFloatWavHeader,
  sniffAudioFormat,
  streamMonoPcm,
} from './decode-audio';
import { downmixToMono } from './downmix';
import { encodeAudio, type EncodedFormat } from './encode-audio';
import { resampleSpan } from './resample';

const clip = synthesiseTrack({ seed: 42, durationS: 14, tempoBpm: 112 });
const workDir = mkdtempSync(join(tmpdir(), 'decode-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Lag (samples) maximising the cross-correlation of b against a over ±maxLag. */
function findLagSamples(a: Float32Array, b: Float32Array, maxLag: number): number {
  let [bestLag, best] = [0, -Infinity];
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    let sum = 0;
    for (let i = 44100; i < 88200; i += 2) sum += a[i] * (b[i + lag] ?? 0);
    if (sum > best) [best, bestLag] = [sum, lag];
  }
  return bestLag;
}

/**
 * Every beat has a partner within 10 ms but the first and the last: a lossy codec smears the clip's abrupt start and
 * end, so the beat at either edge may be found, placed or trimmed differently.
 */
function expectSameBeats(beatsS: number[], referenceS: number[]): void {
  const matched = matchEvents(referenceS, beatsS, 0.0101).length;
  expect(matched).toBeGreaterThanOrEqual(Math.max(beatsS.length, referenceS.length) - 2);
  expect(matched).toBeGreaterThan(20);
}

async function writeEncoded(format: EncodedFormat): Promise<string> {
  const path = join(workDir, `clip.${format}`);
  writeFileSync(path, await encodeAudio(clip.channels, clip.sampleRateHz, format));
  return path;
}

describe('decodeFile', () => {
  const reference = downmixToMono(clip.channels);
  const referenceBeats = trackBeats(reference, clip.sampleRateHz).beatsS;

  it.each(['wav', 'ogg', 'mp3'] as EncodedFormat[])(
    'decodes %s with lag 0 and the same beats as the source',
    async (format) => {
      const decoded = await decodeFile(await writeEncoded(format));
      expect(decoded.sampleRateHz).toBe(44100);
      expect(decoded.channels).toHaveLength(2);
      expect(Math.abs(decoded.durationS - clip.durationS)).toBeLessThan(0.1);
      const mono = downmixToMono(decoded.channels);
      expect(findLagSamples(reference, mono, 1500)).toBe(0);
      const beats = trackBeats(mono, decoded.sampleRateHz).beatsS;
      expectSameBeats(beats, referenceBeats);
    },
  );

  const withFfmpeg = isFfmpegAvailable() ? it.each(['flac', 'm4a', 'opus']) : it.skip.each(['flac', 'm4a', 'opus']);
  withFfmpeg('decodes %s made by ffmpeg with the same beats as the source', async (extension) => {
    const path = join(workDir, `clip.${extension}`);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', await writeEncoded('wav'), path]);
    const decoded = await decodeFile(path);
    const mono = downmixToMono(decoded.channels);
    if (decoded.sampleRateHz === clip.sampleRateHz) expect(findLagSamples(reference, mono, 1500)).toBe(0);
    expectSameBeats(trackBeats(mono, decoded.sampleRateHz).beatsS, referenceBeats);
  });

  // Waveform peaks and stems decode a whole file at its own rate and channels.
  it.each(MP3_ROUTES)('decodes a whole mp3 through %s as the in-process decoder does', async (_, paths, installed) => {
    if (!installed()) return;
    const path = await writeEncoded('mp3');
    const decoded = await decodeFile(path, paths);
    const inProcess = await decodeFile(path, MP3_ROUTES[2][1]);
    expect([decoded.sampleRateHz, decoded.channels.length]).toEqual([44100, 2]);
    expect(decoded.channels[0].length).toBe(inProcess.channels[0].length);
    for (const c of [0, 1]) {
      expect(findLagSamples(inProcess.channels[c], decoded.channels[c], 200)).toBe(0);
      const worst = decoded.channels[c].reduce((m, v, i) => Math.max(m, Math.abs(v - inProcess.channels[c][i])), 0);
      expect(worst).toBeLessThan(0.01);
    }
    const mono = await decodeFile(path, { ...paths, mono: true });
    expect(mono.channels).toHaveLength(1);
  });

  it('names mpg123 and the file when a whole mp3 cannot be decoded', async () => {
    if (!isMpg123Available()) return;
    const path = join(workDir, 'broken-whole.mp3');
    writeFileSync(path, Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0', 'binary'), Buffer.alloc(4000, 7)]));
    await expect(decodeFile(path)).rejects.toThrow(`mpg123 could not decode ${path}: it found no audio in it`);
  });

  it.each(MP3_ROUTES)(
    'tracks an mp3 while it decodes, through %s, with the same beats as the source',
    async (_, paths) => {
      const analysis = await trackFileBeats(await writeEncoded('mp3'), paths);
      expect(Math.abs(analysis.durationS - clip.durationS)).toBeLessThan(0.1);
      expectSameBeats(analysis.beatsS, referenceBeats);
    },
  );

  // Level: the decoded mono against the in-process route's channel average of the same file. mpg123 averages the
  // channels too; ffmpeg's -ac 1 adds them at -3 dB each, so its mono of equal channels is √2 louder.
  it.each([
    ['mpg123 at half the file rate', MP3_ROUTES[0][1], isMpg123Available(), 44100, 22050, 1],
    ['mpg123 at the file rate when half would fall below it', MP3_ROUTES[0][1], isMpg123Available(), 32000, 32000, 1],
    ['ffmpeg at the asked rate', MP3_ROUTES[1][1], isFfmpegAvailable(), 48000, 22050, Math.SQRT2],
  ] as const)('streams mono PCM through %s', async (_, paths, installed, fileRateHz, expectedRateHz, level) => {
    if (!installed) return;
    const path = join(workDir, `clip-${fileRateHz}.mp3`);
    const atFileRate = resampleSpan(downmixToMono(clip.channels), clip.sampleRateHz, fileRateHz, 0, clip.durationS);
    writeFileSync(path, await encodeAudio([atFileRate, atFileRate], fileRateHz, 'mp3'));
    const chunks: Float32Array[] = [];
    let openedAtHz = 0;
    const { sampleRateHz, durationS } = await streamMonoPcm(path, { sampleRateHz: 22050, ...paths }, (rateHz) => {
      openedAtHz = rateHz;
      return (samples) => chunks.push(samples);
    });
    expect([openedAtHz, sampleRateHz]).toEqual([expectedRateHz, expectedRateHz]);
    const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    expect(total).toBe(Math.round(durationS * sampleRateHz));
    expect(Math.abs(durationS - clip.durationS)).toBeLessThan(0.1);
    const decoded = new Float32Array(total);
    chunks.reduce((at, chunk) => (decoded.set(chunk, at), at + chunk.length), 0);
    const inProcess = await decodeFile(path, MP3_ROUTES[2][1]);
    const reference = resampleSpan(
      downmixToMono(inProcess.channels),
      inProcess.sampleRateHz,
      sampleRateHz,
      0,
      inProcess.durationS,
    );
    expect(findLagSamples(reference, decoded, 200)).toBe(0);
    const rms = (x: Float32Array) => Math.sqrt(x.reduce((sum, v) => sum + v * v, 0) / x.length);
    expect(rms(decoded) / rms(reference) / level).toBeCloseTo(1, 1);
  });

  it('names the decoder and the file when an mp3 cannot be decoded', async () => {
    if (!isMpg123Available()) return;
    const path = join(workDir, 'broken.mp3');
    writeFileSync(path, Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0', 'binary'), Buffer.alloc(4000, 7)]));
    await expect(streamMonoPcm(path, { sampleRateHz: 22050 }, () => () => undefined)).rejects.toThrow(
      `mpg123 could not decode ${path}: it found no audio in it`,
    );
  });

  it('reads the rate, channels and first sample of a float WAV stream, waiting for its header', () => {
    const header = Buffer.alloc(58);
    header.write('RIFF\0\0\0\0WAVEfmt ', 0, 'latin1');
    header.writeUInt32LE(18, 16);
    header.writeUInt16LE(3, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(24000, 24);
    header.writeUInt16LE(32, 34);
    header.write('fact', 38, 'latin1');
    header.writeUInt32LE(4, 42);
    header.write('data', 50, 'latin1');
    expect(readFloatWavHeader(header)).toEqual({ sampleRateHz: 24000, channelCount: 1, dataOffset: 58 });
    expect(readFloatWavHeader(header.subarray(0, 40))).toBe('incomplete');
    const stereo = Buffer.from(header);
    stereo.writeUInt16LE(2, 22);
    expect(readFloatWavHeader(stereo)).toEqual({ sampleRateHz: 24000, channelCount: 2, dataOffset: 58 });
    const pcm16 = Buffer.from(header);
    pcm16.writeUInt16LE(1, 20);
    expect(readFloatWavHeader(pcm16)).toBeNull();
    expect(readFloatWavHeader(Buffer.from('not a wav stream'))).toBeNull();
  });

  it('names ffmpeg when m4a arrives and ffmpeg is missing', async () => {
    const path = join(workDir, 'fake.m4a');
    writeFileSync(path, Buffer.from('\0\0\0\x20ftypM4A \0\0\0\0', 'binary'));
    await expect(decodeFile(path, { ffmpegPath: '/nonexistent/ffmpeg' })).rejects.toThrow(FFMPEG_MISSING_MESSAGE);
  });

  it('recognises containers from their first bytes', () => {
    const text = (s: string) => new Uint8Array(Buffer.from(s, 'binary'));
    expect(sniffAudioFormat(text('fLaC\0\0\0\0'))).toBe('flac');
    expect(sniffAudioFormat(text('ID3\x04\0\0'))).toBe('mp3');
    expect(sniffAudioFormat(text('OggS\0\x02' + '\0'.repeat(22) + 'OpusHead'))).toBe('ogg-opus');
    expect(sniffAudioFormat(text('\xff\xf1\x50\x80'))).toBe('m4a');
    expect(sniffAudioFormat(text('hello world'))).toBeNull();
  });
});
