import { Button, Space, Typography } from 'antd';
import { NEXT_BUTTON, PAGE_SIZE, PREV_BUTTON, TOTAL_LABEL, hasNextPage, stepSkip } from '@curator/shared';

type AudioPagerProps = { skip: number; pageLength: number; total?: number; onSkip: (skip: number) => void };

/** Prev/Next by PAGE_SIZE; the page number shown is skip + 1, as the spec asks. */
export function AudioPager({ skip, pageLength, total, onSkip }: AudioPagerProps) {
  return (
    <Space className="audio-pager" size="middle">
      <Button size="small" disabled={skip <= 0} onClick={() => onSkip(stepSkip(skip, -1, PAGE_SIZE))}>
        {PREV_BUTTON}
      </Button>
      <span data-testid="page-number">{skip + 1}</span>
      <Button size="small" disabled={!hasNextPage(skip, pageLength, total, PAGE_SIZE)} onClick={() => onSkip(stepSkip(skip, 1, PAGE_SIZE))}>
        {NEXT_BUTTON}
      </Button>
      <Typography.Text type="secondary" data-testid="total">
        {TOTAL_LABEL}: {total ?? '…'}
      </Typography.Text>
    </Space>
  );
}
