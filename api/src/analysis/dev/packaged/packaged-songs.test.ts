import { existsSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

import { encodeWav } from '../../dsp/wav-format';
import {
  beatsAtTempo,
  findLastSoundS,
  findRenderEndS,
  readHydrogenTempo,
  readLmmsProjectXml,
  readLmmsTempo,
} from './packaged-songs';

/** An .mmpz as LMMS writes it: Qt's qCompress, the length big-endian, then zlib. */
function qCompress(text: string): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(Buffer.byteLength(text));
  return Buffer.concat([length, deflateSync(Buffer.from(text))]);
}

describe('packaged songs: the tempo their projects give', () => {
  it('reads an LMMS project, compressed or plain, and its constant tempo', () => {
    const xml = '<lmms-project><head timesig_numerator="4" bpm="128" timesig_denominator="4"/></lmms-project>';
    expect(readLmmsProjectXml(qCompress(xml), 'song.mmpz')).toBe(xml);
    expect(readLmmsProjectXml(Buffer.from(xml), 'song.mmp')).toBe(xml);
    expect(readLmmsTempo(xml)).toEqual({ bpm: 128 });
  });

  it('leaves out an LMMS project whose tempo is automated or whose beat is not a quarter note', () => {
    expect(
      readLmmsTempo('<head timesig_numerator="4" timesig_denominator="4"><bpm id="7" value="140"/></head>'),
    ).toEqual({
      skip: 'tempo automated or missing',
    });
    expect(readLmmsTempo('<head timesig_numerator="1" bpm="140" timesig_denominator="1"/>')).toEqual({
      skip: 'time signature over 1',
    });
  });

  it('reads a Hydrogen song whose patterns are 4/4 bars, and leaves out one that is not', () => {
    const song = (size: number) =>
      `<song><bpm>110</bpm><patternList><pattern><size>${size}</size></pattern></patternList></song>`;
    expect(readHydrogenTempo(song(192))).toEqual({ bpm: 110 });
    expect(readHydrogenTempo(song(144))).toEqual({ skip: 'patterns not of one 4/4 bar' });
  });
});

describe('packaged songs: the beats they are scored against', () => {
  it('are the quarter notes of the tempo from the start up to the end of the music', () => {
    expect(beatsAtTempo(120, 2)).toEqual([0, 0.5, 1, 1.5, 2]);
  });

  it('end where the music does, not in the silent tail of the render', () => {
    const rateHz = 8000;
    const mono = new Float32Array(rateHz * 4);
    for (let i = 0; i < rateHz * 3; i++) mono[i] = 0.5 * Math.sin(i / 3);
    // A reverb tail 50 dB down does not count as music.
    for (let i = rateHz * 3; i < rateHz * 4; i++) mono[i] = 0.0016 * Math.sin(i / 3);
    expect(findLastSoundS(mono, rateHz)).toBeCloseTo(3, 1);
  });

  it('end where the music of a render does, found once and kept beside the render', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'render-end-'));
    try {
      const rateHz = 22050;
      const mono = new Float32Array(rateHz * 4);
      for (let i = 0; i < rateHz * 3; i++) mono[i] = 0.5 * Math.sin(i / 3);
      const render = join(dir, 'lmms-song.wav');
      writeFileSync(render, encodeWav([mono], rateHz));
      expect(await findRenderEndS(render)).toBeCloseTo(3, 1);
      expect(existsSync(`${render}.end.json`)).toBe(true);
      // A later run answers from what was kept: the render is not decoded again.
      unlinkSync(render);
      expect(await findRenderEndS(render)).toBeCloseTo(3, 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
