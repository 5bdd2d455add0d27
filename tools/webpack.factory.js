// One webpack configuration for the shell (host) and the four remotes, so that every app shares the
// same singletons and build settings. Remotes expose one module, './app': single-spa lifecycles.
const path = require('node:path');
const zlib = require('node:zlib');
const webpack = require('webpack');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const ROOT = path.join(__dirname, '..');
const versionOf = (pkg) => require(path.join(ROOT, 'node_modules', pkg, 'package.json')).version;
const singleton = (pkg, request = pkg) => [request, { singleton: true, requiredVersion: `^${versionOf(pkg)}` }];

// Identical in host and remotes: one React, one router, one Redux store and API slice, one antd.
// `antd` is the suite's kit (shared/src/ui/antd-kit.ts): only the components the apps use, one copy
// on the page, with zero-runtime styles from the one static style sheet the shell links.
// '@curator/shared/ui' is compiled into each app.
const SHARED = Object.fromEntries([
  singleton('react'),
  singleton('react', 'react/jsx-runtime'),
  singleton('react-dom'),
  singleton('react-dom', 'react-dom/client'),
  singleton('react-redux'),
  singleton('@reduxjs/toolkit'),
  singleton('@reduxjs/toolkit', '@reduxjs/toolkit/query'),
  singleton('@reduxjs/toolkit', '@reduxjs/toolkit/query/react'),
  singleton('react-router-dom'),
  [
    'antd',
    {
      import: path.join(ROOT, 'shared/src/ui/antd-kit.ts'),
      shareKey: 'antd',
      singleton: true,
      requiredVersion: `^${versionOf('antd')}`,
      version: versionOf('antd'),
    },
  ],
  singleton('single-spa'),
  ['@curator/shared', { singleton: true, requiredVersion: '^1.0.0', version: '1.0.0' }],
]);

const PRECOMPRESSED = /\.(js|css|json|html|svg)$/;
const PRECOMPRESSIONS = [
  { algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 } },
  {
    algorithm: 'brotliCompress',
    filename: '[path][base].br',
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
  },
];

/** @param {{ dir: string, name: string, port: number, exposes?: Record<string,string> }} app */
module.exports =
  ({ dir, name, port, exposes }) =>
  (env, argv) => {
    const prod = argv.mode !== 'development';
    const isHost = !exposes;
    return {
      context: dir,
      entry: './src/index.ts',
      mode: prod ? 'production' : 'development',
      devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        filename: prod ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        alias: {
          '@curator/shared$': path.join(ROOT, 'shared/src/index.ts'),
          '@curator/shared/ui$': path.join(ROOT, 'shared/src/ui/index.ts'),
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  target: 'es2020',
                  transform: { react: { runtime: 'automatic' } },
                },
              },
            },
          },
          // Production style sheets are files the page links (content-hashed, cached, precompressed).
          { test: /\.css$/, use: [prod ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        ],
      },
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(ROOT, '.cache/webpack', name),
        buildDependencies: { config: [__filename] },
      },
      optimization: {
        runtimeChunk: false,
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify })],
      },
      plugins: [
        new webpack.DefinePlugin({
          __BUILD_ID__: JSON.stringify(process.env.BUILD_ID || new Date().toISOString()),
        }),
        new ModuleFederationPlugin({
          name,
          ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
          remotes: {},
          shared: SHARED,
          manifest: !isHost,
          dts: false,
          shareStrategy: 'loaded-first',
          dev: { disableLiveReload: true, disableHotTypesReload: true, disableDynamicRemoteTypeHints: true },
        }),
        ...(isHost ? [new HtmlWebpackPlugin({ template: './src/index.html', publicPath: '/' })] : []),
        ...(prod
          ? [
              new MiniCssExtractPlugin({
                filename: '[name].[contenthash:8].css',
                chunkFilename: '[id].[contenthash:8].css',
              }),
              // Brotli and gzip copies beside every script, style sheet and manifest; the API sends the
              // one the browser accepts (api/src/common/static-assets.ts).
              ...PRECOMPRESSIONS.map(
                (c) => new CompressionPlugin({ test: PRECOMPRESSED, threshold: 0, minRatio: 1, ...c }),
              ),
            ]
          : []),
      ],
      devServer: {
        port,
        historyApiFallback: isHost,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: isHost
          ? [{ context: ['/api', '/media', '/mfe'], target: `http://127.0.0.1:${process.env.API_PORT || 8080}` }]
          : undefined,
        client: { overlay: false },
      },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
