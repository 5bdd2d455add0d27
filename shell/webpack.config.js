module.exports = require('../tools/webpack.factory')({ dir: __dirname, name: 'shell', port: 8090 });
