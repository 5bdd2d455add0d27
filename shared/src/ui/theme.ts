import type { ThemeConfig } from 'antd';

/** Colours of the suite that its own components use too (antd's defaults for warning, error and faint text). */
export const SUITE_COLORS = {
  primary: '#5b3cc4',
  warning: '#faad14',
  error: '#ff4d4f',
  description: 'rgba(0, 0, 0, 0.45)',
} as const;

/**
 * antd theme of the suite; the shell and every remote wrap their own ConfigProvider with it. Zero
 * runtime: no styles are generated in the browser; the shell's page links antd's static style
 * sheet (antd/dist/antd.css), and the tokens below reach it as CSS variables.
 */
export const SUITE_THEME: ThemeConfig = {
  zeroRuntime: true,
  token: {
    colorPrimary: SUITE_COLORS.primary,
    colorWarning: SUITE_COLORS.warning,
    colorError: SUITE_COLORS.error,
    colorTextDescription: SUITE_COLORS.description,
    borderRadius: 6,
    fontSize: 14,
  },
  components: { Table: { cellPaddingBlockSM: 4 } },
};
