import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const APP_SOURCES = [
  'shell/src',
  'mfe-catalog/src',
  'mfe-workspace/src',
  'mfe-reports/src',
  'mfe-admin/src',
  'shared/src',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Names imported as values from `pkg` in `source` (type-only imports are erased by the build). */
export function valueImports(source: string, pkg: string): string[] {
  const from = pkg.replace(/[/-]/g, (c) => `\\${c}`);
  return [...source.matchAll(new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${from}';`, 'g'))]
    .filter((m) => !m[1])
    .flatMap((m) => m[2].split(','))
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/)[0]);
}

/** The names a kit file re-exports. */
function kitExports(file: string): Set<string> {
  const source = readFileSync(join(__dirname, file), 'utf8');
  return new Set(
    [...source.matchAll(/export \{([^}]*)\} from '[^']+';/g)]
      .flatMap((m) => m[1].split(','))
      .map((n) => n.trim())
      .filter(Boolean),
  );
}

const APP_FILES = () => APP_SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir)));

describe('the shared kits (antd, the router)', () => {
  it('reads value imports and skips type-only ones', () => {
    expect(
      valueImports(
        "import { Button, type TableProps, Tag as AntTag } from 'antd';\nimport type { Rule } from 'antd';",
        'antd',
      ),
    ).toEqual(['Button', 'Tag']);
    expect(valueImports("import { Link, type To } from 'react-router-dom';", 'react-router-dom')).toEqual(['Link']);
  });

  it.each([
    ['antd', 'antd-kit.ts', 10],
    ['react-router-dom', 'router-kit.ts', 5],
  ])('exports every name the apps import from %s, so none is missing from the page', (pkg, file, atLeast) => {
    const imported = new Set(APP_FILES().flatMap((f) => valueImports(readFileSync(f, 'utf8'), pkg)));
    expect(imported.size).toBeGreaterThan(atLeast);
    const kit = kitExports(file);
    expect([...imported].filter((name) => !kit.has(name))).toEqual([]);
  });
});
