import { satisfy } from '@module-federation/enhanced/runtime';

/** One shared module as a remote's mf-manifest.json lists it (its `singleton` flag is not reliable there). */
export type ManifestShared = { name: string; requiredVersion?: string | false };
export type Incompatibility = { module: string; required: string; page: string };

/**
 * The first singleton a screen needs at a version this page does not run (the kernel, React, the
 * router, Redux…), or null when the page can host it. `pageVersions` are the shell's own singletons.
 */
export function findIncompatibility(
  shared: readonly ManifestShared[],
  pageVersions: Readonly<Record<string, string>>,
): Incompatibility | null {
  for (const module of shared) {
    const page = pageVersions[module.name];
    const required = module.requiredVersion;
    if (!page || typeof required !== 'string') continue;
    if (!satisfy(page, required)) return { module: module.name, required, page };
  }
  return null;
}

/** The federation runtime's core: the shell provides it and every screen's remote entry runs on it. */
export const FEDERATION_RUNTIME = '@module-federation/runtime-core';

/**
 * What a screen's manifest needs of the page: its shared modules, and the federation runtime of the
 * release it was built with (same minor version), since its remote entry runs on the shell's copy.
 */
export function requirementsOf(manifest: {
  shared?: readonly ManifestShared[];
  metaData?: { pluginVersion?: string };
}): ManifestShared[] {
  const runtime = manifest.metaData?.pluginVersion;
  return [
    ...(manifest.shared ?? []),
    ...(runtime ? [{ name: FEDERATION_RUNTIME, requiredVersion: `~${runtime}` }] : []),
  ];
}

/** The refusal a user and an operator read: the screen, what it needs, and what the page runs. */
export function describeIncompatibility(screen: string, { module, required, page }: Incompatibility): string {
  return `The ${screen} screen was built for ${module} ${required}, but this page runs ${module} ${page}. Deploy a build of that screen made for this version, or update the shell.`;
}
