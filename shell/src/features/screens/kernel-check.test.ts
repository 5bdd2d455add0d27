import { describeIncompatibility, findIncompatibility, requirementsOf } from './kernel-check';

const PAGE = { '@curator/shared/kernel': '2.1.0', react: '19.3.1' };

describe('findIncompatibility', () => {
  it('lets a screen built against an older kernel of the same major run on a newer page', () => {
    expect(findIncompatibility([{ name: '@curator/shared/kernel', requiredVersion: '^2.0.0' }], PAGE)).toBeNull();
  });

  it('refuses a screen that needs a newer kernel than the page runs, naming both versions', () => {
    const problem = findIncompatibility([{ name: '@curator/shared/kernel', requiredVersion: '^2.2.0' }], PAGE);
    expect(problem).toEqual({ module: '@curator/shared/kernel', required: '^2.2.0', page: '2.1.0' });
    expect(describeIncompatibility('workspace', problem!)).toBe(
      'The workspace screen was built for @curator/shared/kernel ^2.2.0, but this page runs @curator/shared/kernel 2.1.0. Deploy a build of that screen made for this version, or update the shell.',
    );
  });

  it('refuses a screen built against another major of a singleton', () => {
    expect(findIncompatibility([{ name: 'react', requiredVersion: '^20.0.0' }], PAGE)?.module).toBe('react');
  });

  it('ignores what the page does not share as a singleton (the antd kit travels with the screen)', () => {
    expect(findIncompatibility([{ name: 'antd', requiredVersion: '6.6.8-kitffffffff' }], PAGE)).toBeNull();
  });
});

describe('requirementsOf', () => {
  const page = { ...PAGE, '@module-federation/runtime-core': '2.9.2' };

  it("adds the federation runtime of the screen's build: the same minor release runs on the page's copy", () => {
    const manifest = { shared: [{ name: 'react', requiredVersion: '^19.0.0' }], metaData: { pluginVersion: '2.9.0' } };
    expect(requirementsOf(manifest)).toContainEqual({
      name: '@module-federation/runtime-core',
      requiredVersion: '~2.9.0',
    });
    expect(findIncompatibility(requirementsOf(manifest), page)).toBeNull();
  });

  it('refuses a screen built with another minor release of the federation runtime', () => {
    const manifest = { shared: [], metaData: { pluginVersion: '2.10.1' } };
    expect(findIncompatibility(requirementsOf(manifest), page)).toEqual({
      module: '@module-federation/runtime-core',
      required: '~2.10.1',
      page: '2.9.2',
    });
  });
});
