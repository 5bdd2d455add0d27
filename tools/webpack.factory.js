// One webpack configuration for the shell (host) and the four remotes, so that every app shares the
// same singletons and build settings. Remotes expose './app' (single-spa lifecycles) and may expose
// './start' (the requests of the screen's first drawing, run before its UI code is here).
const { createHash } = require('node:crypto');
const fs = require('node:fs');
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
const KERNEL_DIR = path.join(ROOT, 'shared/src/kernel');
const KERNEL_VERSION = require(path.join(KERNEL_DIR, 'kernel.json')).version;
const INJECT_RUNTIME_CORE_CJS = require.resolve('@module-federation/inject-external-runtime-core-plugin');
const ANTD_KIT = path.join(ROOT, 'shared/src/ui/antd-kit.ts');
const ANTD_LAZY_TABLE = path.join(ROOT, 'shared/src/ui/antd-lazy-table.tsx');
const ROUTER_KIT = path.join(ROOT, 'shared/src/ui/router-kit.ts');
const ANTD_ZERO_RUNTIME_LOADER = path.join(__dirname, 'antd-zero-runtime-loader.cjs');

// A singleton is one instance on the page: a screen whose requirement the page's copy does not meet
// fails to load (strictVersion) instead of running on whatever was loaded first; the shell names the
// screen and both versions (shell/src/features/screens/kernel-check.ts).
const singleton = (pkg, request = pkg) => [
  request,
  { singleton: true, strictVersion: true, requiredVersion: `^${versionOf(pkg)}` },
];

/** A short hash of files' text, so that a shared module's version moves whenever its source does. */
const hashOf = (...files) => {
  const hash = createHash('sha256');
  for (const file of files) hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 8);
};

// Only what must be one instance on the page is shared (mfe-recipe.md §2.1a): React, Redux,
// single-spa, and the kernel (store, base API, session, toasts). Everything else of
// '@curator/shared' is compiled into each app, so a screen runs the rules and texts it was built with.
// antd and the router are the suite's kits (shared/src/ui/antd-kit.ts, router-kit.ts): shared, but
// not as singletons, under a version that names the kit's source, so a screen whose kit differs from
// the shell's loads its own. Each app renders its own router, so two copies on a page still work.
const kit = (pkg, file, ...buildFiles) => {
  const version = `${versionOf(pkg)}-kit${hashOf(file, ...buildFiles)}`;
  return [pkg, { import: file, shareKey: pkg, requiredVersion: version, version }];
};
const SHARED = Object.fromEntries([
  singleton('react'),
  singleton('react', 'react/jsx-runtime'),
  singleton('react-dom'),
  singleton('react-dom', 'react-dom/client'),
  singleton('react-redux'),
  singleton('@reduxjs/toolkit'),
  singleton('@reduxjs/toolkit', '@reduxjs/toolkit/query'),
  singleton('@reduxjs/toolkit', '@reduxjs/toolkit/query/react'),
  singleton('single-spa'),
  [
    '@curator/shared/kernel',
    {
      import: path.join(KERNEL_DIR, 'index.ts'),
      singleton: true,
      strictVersion: true,
      requiredVersion: `^${KERNEL_VERSION}`,
      version: KERNEL_VERSION,
    },
  ],
  // The antd kit's contents also depend on the loader that empties antd's style functions.
  kit('antd', ANTD_KIT, ANTD_LAZY_TABLE, ANTD_ZERO_RUNTIME_LOADER),
  kit('react-router-dom', ROUTER_KIT),
]);

/**
 * The singletons' versions this app was built with, and its federation runtime's (the shell's copy is
 * the page's): the shell checks a screen's needs against its own.
 */
const SHARED_VERSIONS = {
  ...Object.fromEntries(
    Object.entries(SHARED)
      .filter(([, config]) => config.singleton)
      .map(([key, config]) => [key, config.version ?? versionOf(key.replace(/^((?:@[^/]+\/)?[^/]+).*$/, '$1'))]),
  ),
  '@module-federation/runtime-core': versionOf('@module-federation/enhanced'),
};

/** A build id usable as a folder name: BUILD_ID if given, else the build's time. */
const buildIdFrom = (env = process.env.BUILD_ID) =>
  (
    env ||
    new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')
  ).replace(/[^A-Za-z0-9._-]/g, '-');

/** Builds kept per screen for rollback: the newest ones, and any that a remote map names. */
const KEPT_BUILDS = 5;

function pinnedBuilds() {
  const files = [path.join(ROOT, 'remotes.json'), process.env.MFE_REMOTES_FILE].filter((f) => f && fs.existsSync(f));
  return new Set(
    files.flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/\/mfe\/[^/]+\/([^/"]+)\//g)].map((m) => m[1])),
  );
}

/** Removes a screen's older builds beyond KEPT_BUILDS, never the current one or one a remote map names. */
function pruneBuilds(distDir, current) {
  const pinned = pinnedBuilds();
  const builds = fs
    .readdirSync(distDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(distDir, d.name, 'build.json')))
    .map((d) => ({ id: d.name, at: fs.statSync(path.join(distDir, d.name, 'build.json')).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const build of builds.slice(KEPT_BUILDS))
    if (build.id !== current && !pinned.has(build.id)) fs.rmSync(path.join(distDir, build.id), { recursive: true });
}

/**
 * Each build of a remote goes to dist/<build id>/ beside the earlier ones, with a build.json
 * (id, time, kernel version); dist/LATEST names the newest. remotes.json chooses which one serves.
 */
class BuildRecordPlugin {
  constructor(record, distDir) {
    this.record = record;
    this.distDir = distDir;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BuildRecordPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildRecordPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(
            'build.json',
            new webpack.sources.RawSource(`${JSON.stringify(this.record, null, 2)}\n`),
          );
        },
      );
    });
    compiler.hooks.done.tap('BuildRecordPlugin', (stats) => {
      if (stats.hasErrors()) return;
      fs.writeFileSync(path.join(this.distDir, 'LATEST'), `${this.record.buildId}\n`);
      pruneBuilds(this.distDir, this.record.buildId);
    });
  }
}

/**
 * Every script and style sheet a page loads to start: the entries' own chunks (`withEntries`), the chunks of the
 * entries' dynamic imports (the shell's start and chrome; a screen's './start' and './app') and those of the shared
 * modules they consume, as this app provides them (React, the kernel, antd, …). `_name` is the share key of the
 * federation plugin's ProvideSharedModule; shell.e2e.ts fails if a start file stops being preloaded. Walked on each
 * call, not kept: the files' names change after the start bundle and the compile hints are made, when their content
 * hashes are made real.
 */
function startFiles(compilation, { withEntries }) {
  const { chunkGraph } = compilation;
  const provided = new Map();
  for (const module of compilation.modules) if (module.type === 'provide-module') provided.set(module._name, module);
  const files = new Set();
  const seen = new Set();
  const addChunk = (chunk) => {
    for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
  };
  const addGroup = (group) => {
    if (!group || seen.has(group)) return;
    seen.add(group);
    for (const chunk of group.chunks) {
      if (chunk.hasRuntime()) continue;
      addChunk(chunk);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== 'consume-shared-module') continue;
        const provider = provided.get(module.options.shareKey);
        for (const block of provider?.blocks ?? []) addGroup(chunkGraph.getBlockChunkGroup(block));
      }
    }
  };
  for (const entrypoint of compilation.entrypoints.values()) {
    if (withEntries) for (const chunk of entrypoint.chunks) addChunk(chunk);
    for (const group of entrypoint.getChildren()) addGroup(group);
  }
  return files;
}

/**
 * An app's start bundle: the scripts of its start that are its own, in one file, which the page runs before they
 * are asked for. A webpack chunk file only registers its modules in the app's chunk list, so the files put together
 * register the same chunks, and the app's runtime finds them there instead of asking for each. The two-core
 * machines the suite is measured on are busy from navigation to the first drawing, and each request costs the
 * browser's processes CPU: with the shell's twenty small start files in one, cold /audios/ drew its rows in 507 ms
 * rather than 532, cold /beats/ its waveform in 420 rather than 470 (medians of 45 and 18 loads, in turns).
 * - The shell: its start files under START_BUNDLE_PART_MAX_BYTES; the larger ones (React DOM, antd) stay files of
 *   their own, downloading and compiling beside the rest. The page runs the bundle before the entry script.
 * - A screen: the files of what it exposes ('./start', './app'), not its copies of the shared modules (the page's
 *   are used). START_BUNDLE_RECORD names the bundle and its parts; on the screen's pages the API's page head runs the
 *   bundle in place of preloading the parts (api/src/mfe-config/mfe-config.service.ts), and the shell's federation
 *   runtime then does not load them by their manifest's addresses (shell/src/features/screens/screen-registry.ts).
 * Each part is still written on its own: if the bundle does not load, the runtime asks for the parts as before.
 */
const START_BUNDLE_PART_MAX_BYTES = 100_000;
const START_BUNDLE_RECORD = 'start-bundle.json';
const startBundles = new WeakMap();

/**
 * The JS files of the chunks of what a screen exposes: the groups under its container entry (remoteEntry.js) that
 * load an exposed module (the federation plugin names their chunk __federation_expose_<name>); the others there load
 * the screen's copies of the shared modules.
 */
const EXPOSE_CHUNK = /^__federation_expose_/;
function exposedFiles(compilation, container) {
  const files = new Set();
  for (const group of compilation.entrypoints.get(container)?.getChildren() ?? [])
    if ([...group.chunks].some((chunk) => EXPOSE_CHUNK.test(chunk.name ?? '')))
      for (const chunk of group.chunks)
        if (!chunk.hasRuntime()) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  return files;
}

class StartBundlePlugin {
  constructor({ isHost, name }) {
    this.isHost = isHost;
    this.name = name;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartBundlePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StartBundlePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          const candidates = this.isHost
            ? [...startFiles(compilation, { withEntries: false })].filter(
                (file) => compilation.getAsset(file)?.source.size() < START_BUNDLE_PART_MAX_BYTES,
              )
            : [...exposedFiles(compilation, this.name)];
          const parts = candidates.filter((file) => file.endsWith('.js') && compilation.getAsset(file)).sort();
          if (parts.length < 2) return;
          const source = new webpack.sources.ConcatSource(
            ...parts.flatMap((file) => [compilation.getAsset(file).source, '\n']),
          );
          const hash = webpack.util.createHash(compilation.outputOptions.hashFunction);
          hash.update(source.buffer());
          const file = `start.${hash.digest('hex').slice(0, 8)}.js`;
          compilation.emitAsset(file, source, { minimized: true, javascriptModule: false });
          if (!this.isHost)
            compilation.emitAsset(START_BUNDLE_RECORD, new webpack.sources.RawSource(JSON.stringify({ file, parts })));
          startBundles.set(compilation, { file, parts: new Set(parts) });
        },
      );
    });
  }
}

/** The page's start files as it loads them: the start bundle in place of its parts (when the app has one). */
function startFilesAsLoaded(compilation, options) {
  const files = startFiles(compilation, options);
  const bundle = startBundles.get(compilation);
  if (!bundle) return { files, bundle: undefined };
  return { files: new Set([...files].filter((file) => !bundle.parts.has(file))), bundle: bundle.file };
}

/**
 * Puts into the shell's page a preload link for every script its start needs (startFiles but the entry script
 * itself), and the start bundle's script before the entry's. Without the links the browser learns of these files
 * only once main.js has run; with them they download while main.js does. Its style sheets are linked as style sheets,
 * in the order the chrome's code would add them (antd's before the shell's own): the browser parses them as they
 * arrive, while it waits for the scripts, rather than when the chrome's code asks for them, and the chunk loader finds
 * them in the page and adds nothing.
 */
class StartFilesPreloadPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartFilesPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartFilesPreloadPlugin', (data) => {
        const { files, bundle } = startFilesAsLoaded(compilation, { withEntries: false });
        const publicPath = compilation.outputOptions.publicPath;
        // The entry script starts everything else, yet a deferred script is fetched at low priority, behind
        // every preload below on the browser's six connections: it asks to go first, and so does the bundle.
        for (const tag of data.headTags)
          if (tag.tagName === 'script' && tag.attributes.src) tag.attributes.fetchpriority = 'high';
        // Deferred scripts run in the page's order: the bundle's chunks are registered before the entry runs.
        if (bundle) {
          const entry = data.headTags.findIndex((tag) => tag.tagName === 'script' && tag.attributes.src);
          data.headTags.splice(entry < 0 ? 0 : entry, 0, {
            tagName: 'script',
            voidTag: false,
            meta: { plugin: 'StartFilesPreloadPlugin' },
            attributes: { defer: true, src: publicPath + bundle, fetchpriority: 'high' },
          });
        }
        const link = (attributes) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: 'StartFilesPreloadPlugin' },
          attributes,
        });
        const sheets = [...files].filter((file) => file.endsWith('.css'));
        const scripts = [...files].filter((file) => !file.endsWith('.css')).sort();
        data.headTags.push(
          ...sheets.map((file) => link({ rel: 'stylesheet', href: publicPath + file })),
          ...scripts.map((file) => link({ rel: 'preload', href: publicPath + file, as: 'script' })),
        );
        return data;
      });
    });
  }
}

/** V8's explicit compile hint (Chromium 136 and later; other engines read a comment). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Starts each script of an app's start (startFiles: nearly all of its code runs before the first drawing) with
 * V8's compile hint, so its functions are compiled on a background thread while it downloads rather than one by
 * one on the page's main thread when first called; scripts loaded later (other screens' code) stay lazily
 * compiled. Added after minification (which drops comments) and before the source maps are written.
 */
class CompileHintsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the start bundle is made: the bundle is hinted, its parts (loaded only should it fail) are not.
        { name: 'CompileHintsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 2 },
        () => {
          const { files, bundle } = startFilesAsLoaded(compilation, { withEntries: true });
          for (const file of bundle ? [...files, bundle] : files)
            if (file.endsWith('.js') && compilation.getAsset(file))
              compilation.updateAsset(file, (source) => new webpack.sources.ConcatSource(COMPILE_HINT, source));
        },
      );
    });
  }
}

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
    const buildId = buildIdFrom();
    const distDir = path.join(dir, 'dist');
    return {
      context: dir,
      entry: './src/index.ts',
      mode: prod ? 'production' : 'development',
      devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        // The shell is the page itself; a remote's builds live side by side under their ids.
        path: isHost ? distDir : path.join(distDir, buildId),
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
          '@curator/shared/kernel$': path.join(KERNEL_DIR, 'index.ts'),
          // The federation plugin names the runtime-core injector by its CommonJS file, which would bring
          // the CommonJS build of the runtime beside the ES one the page already runs.
          [`${INJECT_RUNTIME_CORE_CJS}$`]: INJECT_RUNTIME_CORE_CJS.replace(/\.cjs$/, '.js'),
          // react-router publishes its development build under every condition (warnings on, checks
          // of every route and navigation); the production build is beside it.
          ...(prod && { 'react-router$': path.join(ROOT, 'node_modules/react-router/dist/production/index.mjs') }),
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
          // antd runs in zero-runtime mode: its in-browser style generators are never called (see the loader).
          { test: /[\\/]node_modules[\\/]antd[\\/]es[\\/].*\.js$/, use: ANTD_ZERO_RUNTIME_LOADER },
          // Production style sheets are files the page links (content-hashed, cached, precompressed).
          { test: /\.css$/, use: [prod ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        ],
      },
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(ROOT, '.cache/webpack', name),
        // node_modules count as unchanged while their versions are; a patch of one (patches/) changes them too.
        buildDependencies: {
          config: [__filename, ANTD_ZERO_RUNTIME_LOADER],
          patches: [path.join(ROOT, 'patches') + '/'],
        },
      },
      optimization: {
        runtimeChunk: false,
        // The shell's start (start-screen) and its chrome (bootstrap) are two async chunks under the entry, and
        // the modules both need (the screen registry, the icons' base) were copied into each while under the
        // default 20 KB split size: both load on every page. A screen gains nothing from it (more, smaller files).
        ...(isHost && { splitChunks: { minSize: 0 } }),
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify })],
      },
      plugins: [
        new webpack.DefinePlugin({
          __BUILD_ID__: JSON.stringify(buildId),
          __SCREEN_NAME__: JSON.stringify(name),
          __SHARED_VERSIONS__: JSON.stringify(SHARED_VERSIONS),
        }),
        new ModuleFederationPlugin({
          name,
          ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
          remotes: {},
          shared: SHARED,
          manifest: !isHost,
          dts: false,
          shareStrategy: 'loaded-first',
          // One copy of the federation runtime's core on the page: the shell provides it, and a screen's
          // remote entry uses the page's instead of bundling its own (~17 KB compressed each).
          // The runtime's code for Node (script loading through vm, Node's module loader) is left out: the suite
          // runs in browsers only.
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
            optimization: { target: 'web' },
          },
          dev: { disableLiveReload: true, disableHotTypesReload: true, disableDynamicRemoteTypeHints: true },
        }),
        ...(isHost
          ? [new HtmlWebpackPlugin({ template: './src/index.html', publicPath: '/' }), new StartFilesPreloadPlugin()]
          : [
              new BuildRecordPlugin(
                { screen: name, buildId, builtAt: new Date().toISOString(), kernel: KERNEL_VERSION },
                distDir,
              ),
            ]),
        ...(prod
          ? [
              new StartBundlePlugin({ isHost, name }),
              new CompileHintsPlugin(),
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
