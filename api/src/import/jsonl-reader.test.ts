import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ReelImportRecordSchema } from './import-records';
import { countLines, readJsonLines } from './jsonl-reader';

describe('readJsonLines', () => {
  it('reports bad lines with their 1-based number and keeps the good ones', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'jsonl-')), 'reels.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({ code: 'r1', music_canonical_id: 'm1', taken_at: '2024-05-01T10:00:00Z' }),
        '',
        '{not json',
        JSON.stringify({ code: 'r2', music_canonical_id: 'm1', taken_at: 'yesterday' }),
        JSON.stringify({ code: 'r3', music_canonical_id: 'm1', taken_at: '2024-05-02T10:00:00Z', extra: 1 }),
        JSON.stringify({ code: 'r4', music_canonical_id: 'm2', taken_at: '2024-05-03T10:00:00+02:00' }),
      ].join('\n'),
    );
    const results = [];
    for await (const batch of readJsonLines(file, ReelImportRecordSchema, 2)) results.push(...batch);
    expect(results.map((r) => ('error' in r ? `${r.line}: error` : `${r.line}: ${r.record.code}`))).toEqual([
      '1: r1',
      '3: error',
      '4: error',
      '5: error',
      '6: r4',
    ]);
    expect(results[1]).toEqual({ line: 3, error: 'not valid JSON' });
    expect((results[2] as { error: string }).error).toMatch(/^taken_at: /);
    expect((results[3] as { error: string }).error).toMatch(/extra/);
    expect(await countLines(file)).toBe(5);
  });
});
