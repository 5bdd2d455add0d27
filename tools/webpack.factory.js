// One webpack configuration for the shell (host) and the four remotes, so that every app shares the
// same singletons and build settings. Remotes expose one module, './app': single-spa lifecycles.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const ROOT = path.join(__dirname, '..');
const versionOf = (pkg) => require(path.join(ROOT, 'node_modules', pkg, 'package.json')).version;
const singleton = (pkg, request = pkg) => [request, { singleton: true, requiredVersion: `^${versionOf(pkg)}` }];

// Identical in host and remotes: one React, one router, one Redux store and API slice, one antd.
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
  singleton('antd'),
  singleton('single-spa'),
  ['@curator/shared', { singleton: true, requiredVersion: '^1.0.0', version: '1.0.0' }],
]);

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
        alias: { '@curator/shared$': path.join(ROOT, 'shared/src/index.ts') },
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
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
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
