// How a page runs a screen's start bundle. A module of its own, with no schemas: the shell's start reads it, and
// would otherwise carry zod (77 KB) for one name.

/**
 * The attribute, naming the screen, of the script element by which a page runs a screen's start bundle (the files of
 * what it exposes in one): the API's page head writes it, and the shell's federation runtime then leaves those files
 * to the bundle instead of loading them by their manifest's addresses.
 */
export const START_BUNDLE_ATTRIBUTE = 'data-start-bundle';
