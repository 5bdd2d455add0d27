// antd needs matchMedia and ResizeObserver, which jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }),
});
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((el: Element) => computeStyle(el)) as typeof window.getComputedStyle;
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// antd's Form schedules watchers with MessageChannel, which jsdom lacks; a macrotask stand-in
// (Node's own MessageChannel would keep jest's event loop alive).
class MacroTaskChannel {
  port1: { onmessage: ((event: unknown) => void) | null } = { onmessage: null };
  port2 = { postMessage: () => void setTimeout(() => this.port1.onmessage?.({})) };
}
(globalThis as { MessageChannel?: unknown }).MessageChannel ??= MacroTaskChannel;
