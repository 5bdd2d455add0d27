import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { decodeFile } from '../../dsp/decode-audio';
import { buildCatalogSpecs, renderCatalogFiles } from './catalog-audio';

const workDir = mkdtempSync(join(tmpdir(), 'catalog-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('catalog audio', () => {
  it('builds 24 distinct deterministic specs of 30–90 s, music and original sounds', () => {
    const specs = buildCatalogSpecs();
    expect(specs).toEqual(buildCatalogSpecs());
    expect(new Set(specs.map((s) => s.name)).size).toBe(24);
    expect(specs.every((s) => s.durationS >= 30 && s.durationS <= 90)).toBe(true);
    expect(specs.filter((s) => s.kind === 'music').length).toBe(18);
    expect(new Set(specs.map((s) => s.kind))).toEqual(new Set(['music', 'speech-like', 'ambient']));
  });

  it('writes playable compressed files whose decoded length matches and carries the true beats', async () => {
    const specs = buildCatalogSpecs(4).map((s) => ({ ...s, durationS: 8 }));
    const [mp3Files, oggFiles] = [
      await renderCatalogFiles(specs, workDir, 'mp3'),
      await renderCatalogFiles(specs.slice(0, 1), workDir, 'ogg'),
    ];
    for (const file of [...mp3Files, ...oggFiles]) {
      const decoded = await decodeFile(file.path);
      expect(Math.abs(decoded.durationS - file.durationS)).toBeLessThan(0.1);
    }
    expect(mp3Files[0]).toMatchObject({ kind: 'music', mimeType: 'audio/mpeg' });
    expect(mp3Files[0].beatsS.length).toBeGreaterThan(8);
    expect(mp3Files[3]).toMatchObject({ kind: 'speech-like', beatsS: [], tempoBpm: null });
    expect(oggFiles[0].mimeType).toBe('audio/ogg');
  });
});
