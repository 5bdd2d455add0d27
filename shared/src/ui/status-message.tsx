import { Flex, Typography } from 'antd';
import type { AriaRole, ReactNode } from 'react';

import { SUITE_COLORS } from './theme';

/** The icon's colour for each tone. */
const TONE_COLORS = { warning: SUITE_COLORS.warning, error: SUITE_COLORS.error, quiet: SUITE_COLORS.description };

export type StatusMessageProps = {
  /** An icon of @ant-design/icons, drawn large in the tone's colour (each caller bundles only its own). */
  icon: ReactNode;
  tone: keyof typeof TONE_COLORS;
  title: ReactNode;
  subTitle?: ReactNode;
  /** Buttons under the text. */
  extra?: ReactNode;
  role?: AriaRole;
  'data-testid'?: string;
};

/**
 * What stands in a screen's place when it cannot show what was asked for (refused, not found, failed):
 * a large icon, a title, a line of detail and the way on. It takes the place of antd's Result, whose
 * module holds three SVG illustrations (36 KB) that every page downloaded with the kit.
 */
export function StatusMessage({ icon, tone, title, subTitle, extra, ...rest }: StatusMessageProps) {
  return (
    <Flex vertical align="center" style={{ padding: '48px 32px', textAlign: 'center' }} {...rest}>
      <span style={{ fontSize: 72, lineHeight: 1, color: TONE_COLORS[tone], marginBottom: 24 }} aria-hidden>
        {icon}
      </span>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {subTitle !== undefined && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', whiteSpace: 'pre-line' }}>
          {subTitle}
        </Typography.Paragraph>
      )}
      {extra !== undefined && <div style={{ marginTop: 24 }}>{extra}</div>}
    </Flex>
  );
}
