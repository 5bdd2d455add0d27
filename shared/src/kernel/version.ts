import kernel from './kernel.json';

/**
 * The kernel's version: the one copy of the store, base API, session and toasts that every screen on
 * the page shares. It moves with every change of the kernel's source (kernel-version.test.ts checks):
 * patch for a fix, minor for an addition screens may start to use, major for a change that breaks
 * screens built before it. A screen requires ^ the version it was built with.
 */
export const KERNEL_VERSION: string = kernel.version;
