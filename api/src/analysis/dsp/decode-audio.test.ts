import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { matchEvents } from '../dev/eval/beat-f-measure';
import { synthesiseTrack } from '../dev/synth/synthesise-track';
import { trackBeats, trackFileBeats } from './beat-tracker';
import { decodeFile, FFMPEG_MISSING_MESSAGE, isFfmpegAvailable, sniffAudioFormat, streamMonoPcm } from './decode-audio';
import { downmixToMono } from './downmix';
import { encodeAudio, type EncodedFormat } from './encode-audio';

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

  it('tracks an mp3 while it decodes, through ffmpeg or in-process, with the same beats as the source', async () => {
    const path = await writeEncoded('mp3');
    for (const ffmpegPath of ['ffmpeg', '/nonexistent/ffmpeg']) {
      const analysis = await trackFileBeats(path, { ffmpegPath });
      expect(Math.abs(analysis.durationS - clip.durationS)).toBeLessThan(0.1);
      expectSameBeats(analysis.beatsS, referenceBeats);
    }
  });

  it('streams mono PCM at the asked rate through ffmpeg', async () => {
    if (!isFfmpegAvailable()) return;
    let total = 0;
    const { sampleRateHz, durationS } = await streamMonoPcm(
      await writeEncoded('mp3'),
      { sampleRateHz: 22050 },
      () => (samples) => (total += samples.length),
    );
    expect(sampleRateHz).toBe(22050);
    expect(total).toBe(Math.round(durationS * 22050));
    expect(Math.abs(durationS - clip.durationS)).toBeLessThan(0.1);
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
