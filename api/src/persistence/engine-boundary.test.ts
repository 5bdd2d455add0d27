import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const API_SRC = join(__dirname, '..');

/** What only the persistence wing may do: know which engine runs, or reach a collection by its name. */
const ENGINE_SPECIFIC = [
  { pattern: /\busesMemory\(/, what: 'branches on whether lists are kept in memory' },
  { pattern: /\bbuildInfo\b|ferretdbVersion/, what: 'asks which server runs' },
  { pattern: /new ChangeFeed\(/, what: 'makes a change feed' },
  { pattern: /\.collection(<[^>]*>)?\(\s*['"`]/, what: 'reads a collection by name' },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(spec|test)\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the persistence wing (api/src/persistence)', () => {
  it('is the only production code that knows the database engine or reads collections by name', () => {
    const found: string[] = [];
    for (const file of sourceFiles(API_SRC)) {
      const name = relative(API_SRC, file);
      if (name.startsWith('persistence/')) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const rule of ENGINE_SPECIFIC) if (rule.pattern.test(line)) found.push(`${name}:${i + 1} ${rule.what}`);
        });
    }
    expect(found).toEqual([]);
  });
});
