import { summariseLoadError } from './load-errors';

describe('summariseLoadError', () => {
  it("keeps the runtime's summary and the error under it, without arguments and docs", () => {
    const message = [
      '[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003',
      'args: {"manifestUrl":"http://x/mfe/reports/b1/mf-manifest.json","moduleName":"reports"}',
      'View the docs to see how to solve: https://module-federation.io/guide/troubleshooting/runtime#runtime-003',
      'Original Error Message:',
      ' Error: /mfe/reports/b1/mf-manifest.json answered HTTP 404',
    ].join('\n');
    expect(summariseLoadError(message)).toBe(
      'Failed to get manifest. #RUNTIME-003 /mfe/reports/b1/mf-manifest.json answered HTTP 404',
    );
  });

  it('passes any other error as its first line', () => {
    expect(summariseLoadError('/mfe/x/mf-manifest.json did not load within 20 s')).toBe(
      '/mfe/x/mf-manifest.json did not load within 20 s',
    );
  });
});
