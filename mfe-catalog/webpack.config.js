module.exports = require('../tools/webpack.factory')({
  dir: __dirname,
  name: 'catalog',
  port: 8081,
  exposes: { './app': './src/app.tsx', './start': './src/start.ts' },
});
