// What the build wrote into this copy of the shared code (webpack's DefinePlugin); defaults under jest.

/**
 * The app this copy was compiled into ('catalog', 'workspace', …): a screen's endpoints are
 * injected into the one API under its name.
 */
export const SCREEN_NAME = typeof __SCREEN_NAME__ === 'string' ? __SCREEN_NAME__ : 'test';

/** The kernel version this app was built against (the page's own copy may be newer). */
export const BUILT_WITH_KERNEL: string | undefined =
  typeof __SHARED_VERSIONS__ === 'object' ? __SHARED_VERSIONS__['@curator/shared/kernel'] : undefined;
