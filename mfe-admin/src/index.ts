// The remote's own entry; the shell loads './app' through Module Federation.
export {};
