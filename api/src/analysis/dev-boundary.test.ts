import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const API_SRC = join(__dirname, '..');
/** Development tools: the synthesiser, the evaluation and the benchmark. The demo seed may use the synthesiser. */
const DEV_DIR = 'analysis/dev/';
const MAY_USE_DEV = ['catalog-seed/'];

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(spec|test)\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the analysis development tools (api/src/analysis/dev)', () => {
  it('are imported by no production code but the demo seed', () => {
    const found = productionFiles(API_SRC)
      .map((file) => relative(API_SRC, file))
      .filter((name) => !name.startsWith(DEV_DIR) && !MAY_USE_DEV.some((dir) => name.startsWith(dir)))
      .filter((name) => /from '[^']*\/dev\//.test(readFileSync(join(API_SRC, name), 'utf8')));
    expect(found).toEqual([]);
  });
});
