import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import wabt from 'wabt';

import { padToLanes, SIMD_MATVEC_WASM_BASE64, SimdMatvec } from './simd-matvec';

describe('SimdMatvec', () => {
  it('carries the bytes simd-matvec.wat assembles to', async () => {
    const source = readFileSync(join(__dirname, 'simd-matvec.wat'), 'utf8');
    const assembled = (await wabt()).parseWat('simd-matvec.wat', source).toBinary({}).buffer;
    expect(Buffer.from(assembled).toString('base64')).toBe(SIMD_MATVEC_WASM_BASE64);
  });

  it('adds a matrix-vector product to what the output holds', () => {
    const [rows, cols] = [37, padToLanes(150)];
    const simd = new SimdMatvec(rows * cols + cols + rows + 64);
    const [w, x, out] = [simd.allocate(rows * cols), simd.allocate(cols), simd.allocate(rows)];
    w.forEach((_, i) => (w[i] = Math.sin(i * 0.37)));
    x.forEach((_, i) => (x[i] = i < 150 ? Math.cos(i * 0.11) : 0));
    out.forEach((_, r) => (out[r] = r));
    simd.multiplyAdd(w, x, out, rows, cols);
    for (let r = 0; r < rows; r++) {
      let expected = r;
      for (let c = 0; c < cols; c++) expected += w[r * cols + c] * x[c];
      expect(out[r]).toBeCloseTo(expected, 3);
    }
  });
});
