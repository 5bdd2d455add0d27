// webpack loader for antd's own modules. The suite runs antd in zero-runtime mode (shared/src/ui/theme.ts):
// its styles come from antd's static style sheet, and a component's style hook returns before it calls the
// function that would generate the component's CSS in the browser. Those functions are still imported by
// every component, about a quarter of the antd kit's code. This loader hands each style hook an empty
// style function instead (`() => []`), so the generators are left unused and the minifier drops them.
// The hooks themselves stay: they still register the theme's CSS variables (component tokens).
// Should the suite ever leave zero-runtime mode, this loader must go with it: antd would then have no
// styles to generate.
const acorn = require('acorn');

const STYLE_HOOK_MAKERS = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);
const EMPTY_STYLE = '() => []';

/** Every node of an ESTree, depth first. */
function* nodesOf(node) {
  yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item.type === 'string') yield* nodesOf(item);
    } else if (value && typeof value.type === 'string') yield* nodesOf(value);
  }
}

/** The module's text with the style function of each style-hook maker's call replaced; unchanged if none. */
function emptyStyleFunctions(source) {
  if (![...STYLE_HOOK_MAKERS].some((name) => source.includes(`${name}(`))) return source;
  const tree = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const ranges = [];
  for (const node of nodesOf(tree))
    if (
      node.type === 'CallExpression' &&
      node.callee.type === 'Identifier' &&
      STYLE_HOOK_MAKERS.has(node.callee.name) &&
      node.arguments.length >= 2
    )
      ranges.push([node.arguments[1].start, node.arguments[1].end]);
  // A call inside another's style function goes with it; the others are replaced from the end.
  const outermost = ranges.filter(
    ([start, end]) => !ranges.some(([s, e]) => s <= start && end <= e && e - s > end - start),
  );
  let out = source;
  for (const [start, end] of outermost.sort((a, b) => b[0] - a[0]))
    out = out.slice(0, start) + EMPTY_STYLE + out.slice(end);
  return out;
}

module.exports = function antdZeroRuntimeLoader(source) {
  return emptyStyleFunctions(source);
};
module.exports.emptyStyleFunctions = emptyStyleFunctions;
module.exports.nodesOf = nodesOf;
