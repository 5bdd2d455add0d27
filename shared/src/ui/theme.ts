import type { ThemeConfig } from 'antd';

/** antd theme of the suite; every remote wraps its own ConfigProvider with it. */
export const SUITE_THEME: ThemeConfig = {
  token: { colorPrimary: '#5b3cc4', borderRadius: 6, fontSize: 14 },
  components: { Table: { cellPaddingBlockSM: 4 } },
};
