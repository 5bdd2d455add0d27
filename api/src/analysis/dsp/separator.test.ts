import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { synthesiseTrack } from '../dev/synth/synthesise-track';
import { createSeparatorFromConfig } from './separator';
import { encodeWav, parseWav } from './wav-format';

const workDir = mkdtempSync(join(tmpdir(), 'separator-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const inputPath = join(workDir, 'mix.wav');
const track = synthesiseTrack({ seed: 5, durationS: 8, tempoBpm: 110 });
writeFileSync(inputPath, encodeWav(track.channels, track.sampleRateHz));

describe('separators', () => {
  it('writes percussive and harmonic WAV stems with the built-in HPSS that sum to the mix', async () => {
    const stems = await createSeparatorFromConfig(undefined).separate(inputPath, join(workDir, 'hpss'));
    expect(stems.map((s) => s.type)).toEqual(['percussive', 'harmonic']);
    const [percussive, harmonic] = stems.map((s) => parseWav(new Uint8Array(readFileSync(s.path)))!);
    const mix = parseWav(new Uint8Array(readFileSync(inputPath)))!;
    expect(percussive.durationS).toBeCloseTo(mix.durationS, 6);
    let maxError = 0;
    for (let i = 0; i < mix.channels[0].length; i++)
      maxError = Math.max(maxError, Math.abs(percussive.channels[0][i] + harmonic.channels[0][i] - mix.channels[0][i]));
    expect(maxError).toBeLessThan(3 / 32768);
  });

  it('runs a configured external command and collects the stems it wrote', async () => {
    const script =
      "const fs=require('fs');const [i,o]=process.argv.slice(1);for(const t of ['vocals','other'])fs.copyFileSync(i,o+'/'+t+'.wav')";
    const separator = createSeparatorFromConfig(
      JSON.stringify({
        command: process.execPath,
        args: ['-e', script, '{input}', '{outputDir}'],
        stemTypes: ['vocals', 'other'],
      }),
    );
    const stems = await separator.separate(inputPath, join(workDir, 'external'));
    expect(stems).toEqual([
      { type: 'vocals', path: join(workDir, 'external', 'vocals.wav') },
      { type: 'other', path: join(workDir, 'external', 'other.wav') },
    ]);
  });

  it('reports a failing external command and missing stems', async () => {
    const failing = createSeparatorFromConfig(
      JSON.stringify({
        command: process.execPath,
        args: ['-e', 'console.error("boom");process.exit(3)'],
        stemTypes: ['x'],
      }),
    );
    await expect(failing.separate(inputPath, join(workDir, 'failing'))).rejects.toThrow(/exit 3.*boom/s);
    const silent = createSeparatorFromConfig(
      JSON.stringify({ command: process.execPath, args: ['-e', ''], stemTypes: ['x'] }),
    );
    await expect(silent.separate(inputPath, join(workDir, 'silent'))).rejects.toThrow(/did not write/);
    expect(() => createSeparatorFromConfig('{"command":"x"}')).toThrow(/stemTypes/);
  });
});
