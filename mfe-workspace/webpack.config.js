module.exports = require('../tools/webpack.factory')({
  dir: __dirname,
  name: 'workspace',
  port: 8082,
  exposes: { './app': './src/app.tsx', './start': './src/start.ts' },
});
