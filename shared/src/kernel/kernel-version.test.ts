// The kernel is one instance on the page, shared under its version: a change of its code that kept the
// version would let a screen built against the new code run on a page with the old one.
import { kernelFiles, kernelSourceHash, readKernelRecord } from '../../../tools/kernel-source.cjs';

describe('the kernel version', () => {
  it('was raised, and stamped, with the last change of the kernel source', () => {
    const record = readKernelRecord();
    const message = `The kernel's source changed since version ${record.version} was stamped: run \`npm run kernel:stamp -- <next version>\` (patch: a fix; minor: an addition screens may use; major: a breaking change, every screen rebuilt).`;
    expect({ sourceHash: kernelSourceHash(), message }).toEqual({ sourceHash: record.sourceHash, message });
  });

  it('covers the files the kernel reaches, and no screen-specific code', () => {
    const files = kernelFiles().map((f: string) => f.replace(/.*shared\/src\//, ''));
    expect(files).toEqual(expect.arrayContaining(['kernel/store.ts', 'kernel/base-api.ts', 'kernel/session-api.ts']));
    expect(files.filter((f: string) => f.startsWith('api/') || f.startsWith('ui/'))).toEqual([]);
  });
});
