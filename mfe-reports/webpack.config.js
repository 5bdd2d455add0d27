module.exports = require('../tools/webpack.factory')({
  dir: __dirname,
  name: 'reports',
  port: 8083,
  exposes: { './app': './src/app.tsx' },
});
