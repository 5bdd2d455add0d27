import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse } from 'acorn';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { emptyStyleFunctions, nodesOf } = require('./antd-zero-runtime-loader.cjs') as {
  emptyStyleFunctions: (source: string) => string;
  nodesOf: <T extends { type: string }>(node: T) => Iterable<T>;
};

const ANTD_ES = join(__dirname, '..', 'node_modules', 'antd', 'es');
const MAKERS = /\b(genStyleHooks|genComponentStyleHook|genSubStyleComponent)\(/;

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

type Node = {
  type: string;
  callee?: { type: string; name: string };
  arguments?: { start: number; end: number }[];
};

/** Each call of a style-hook maker in `source`, with its arguments' text. */
function makerCalls(source: string): { callee: string; args: string[] }[] {
  return [...nodesOf(parse(source, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Node)]
    .filter((n) => n.type === 'CallExpression' && n.callee?.type === 'Identifier' && MAKERS.test(`${n.callee.name}(`))
    .map((n) => ({ callee: n.callee!.name, args: n.arguments!.map((a) => source.slice(a.start, a.end)) }));
}

const styleModules = jsFiles(ANTD_ES).filter((file) => MAKERS.test(readFileSync(file, 'utf8')));

describe('antd zero-runtime loader', () => {
  it('finds the style hooks of antd components (Button, Table, Select, …)', () => {
    const names = styleModules.map((file) => file.slice(ANTD_ES.length + 1));
    expect(names).toEqual(
      expect.arrayContaining(['button/style/index.js', 'table/style/index.js', 'select/style/index.js']),
    );
  });

  it('hands every style hook an empty style function and keeps its name, tokens and options', () => {
    for (const file of styleModules) {
      const source = readFileSync(file, 'utf8');
      const before = makerCalls(source);
      const after = makerCalls(emptyStyleFunctions(source));
      expect({ file, calls: after.length }).toEqual({ file, calls: before.length });
      after.forEach((call, i) => {
        expect(call.args[1]).toBe('() => []');
        expect([call.args[0], ...call.args.slice(2)]).toEqual([before[i].args[0], ...before[i].args.slice(2)]);
      });
    }
  });

  it('leaves the generators unused, so the minifier can drop them', () => {
    const source = readFileSync(join(ANTD_ES, 'button', 'style', 'index.js'), 'utf8');
    const out = emptyStyleFunctions(source);
    expect(source).toMatch(/genSharedButtonStyle\(buttonToken\)/);
    expect(out).not.toMatch(/genSharedButtonStyle\(/);
    expect(out.length).toBeLessThan(source.length);
  });

  it('empties a style function that itself makes a style hook in one piece', () => {
    const source =
      "export default genStyleHooks('A', (token) => genSubStyleComponent('B', () => [token], null), null);";
    expect(emptyStyleFunctions(source)).toBe("export default genStyleHooks('A', () => [], null);");
  });

  it('returns a module without style hooks unchanged', () => {
    const source = readFileSync(join(ANTD_ES, 'button', 'Button.js'), 'utf8');
    expect(emptyStyleFunctions(source)).toBe(source);
  });
});
