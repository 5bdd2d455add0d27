import type { ThemeConfig } from 'antd';

/**
 * antd theme of the suite; the shell and every remote wrap their own ConfigProvider with it. Zero
 * runtime: no styles are generated in the browser; the shell's page links antd's static style
 * sheet (antd/dist/antd.css), and the tokens below reach it as CSS variables.
 */
export const SUITE_THEME: ThemeConfig = {
  zeroRuntime: true,
  // colorWarning, colorError and colorTextDescription are antd's defaults, named here for StatusMessage's icons.
  token: {
    colorPrimary: '#5b3cc4',
    colorWarning: '#faad14',
    colorError: '#ff4d4f',
    colorTextDescription: 'rgba(0, 0, 0, 0.45)',
    borderRadius: 6,
    fontSize: 14,
  },
  components: { Table: { cellPaddingBlockSM: 4 } },
};
