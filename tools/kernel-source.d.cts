export function kernelFiles(): string[];
export function kernelSourceHash(): string;
export function readKernelRecord(): { version: string; sourceHash: string };
