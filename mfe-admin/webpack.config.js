module.exports = require('../tools/webpack.factory')({
  dir: __dirname,
  name: 'admin',
  port: 8084,
  exposes: { './app': './src/app.tsx' },
});
