// antd needs matchMedia and ResizeObserver, which jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false, media: query, onchange: null, addListener() {}, removeListener() {},
    addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
  }),
});
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((el: Element) => computeStyle(el)) as typeof window.getComputedStyle;
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} };
