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

/** Names imported as values from 'antd' in `source` (type-only imports are erased by the build). */
export function antdValueImports(source: string): string[] {
  return [...source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'antd';/g)]
    .filter((m) => !m[1])
    .flatMap((m) => m[2].split(','))
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/)[0]);
}

describe('the shared antd kit', () => {
  it('reads value imports and skips type-only ones', () => {
    expect(
      antdValueImports(
        "import { Button, type TableProps, Tag as AntTag } from 'antd';\nimport type { Rule } from 'antd';",
      ),
    ).toEqual(['Button', 'Tag']);
  });

  it('exports every antd component the apps import, so none is missing from the page', () => {
    const imported = new Set(
      APP_SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap((file) =>
        antdValueImports(readFileSync(file, 'utf8')),
      ),
    );
    expect(imported.size).toBeGreaterThan(10);
    const kitSource = readFileSync(join(__dirname, 'antd-kit.ts'), 'utf8');
    const kit = new Set(
      /export \{([^}]*)\} from 'antd\/es\/index';/
        .exec(kitSource)![1]
        .split(',')
        .map((n) => n.trim()),
    );
    const missing = [...imported].filter((name) => !kit.has(name));
    expect(missing).toEqual([]);
  });
});
