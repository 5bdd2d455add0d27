import { Button, Space, Typography } from 'antd';
import { NEXT_BUTTON, PAGE_SIZE, PREV_BUTTON, TOTAL_LABEL, hasNextPage, stepSkip } from '@curator/shared';

type ReportPagerProps = { skip: number; pageLength: number; total?: number; showTotal?: boolean; onSkip: (skip: number) => void };

/** Prev/Next by PAGE_SIZE; shows skip + 1 as the page number and, where the answer has one, the Total. */
export function ReportPager({ skip, pageLength, total, showTotal = false, onSkip }: ReportPagerProps) {
  return (
    <Space className="report-pager" size="middle">
      <Button size="small" disabled={skip <= 0} onClick={() => onSkip(stepSkip(skip, -1, PAGE_SIZE))}>
        {PREV_BUTTON}
      </Button>
      <span data-testid="page-number">{skip + 1}</span>
      <Button size="small" disabled={!hasNextPage(skip, pageLength, total, PAGE_SIZE)} onClick={() => onSkip(stepSkip(skip, 1, PAGE_SIZE))}>
        {NEXT_BUTTON}
      </Button>
      {showTotal && (
        <Typography.Text type="secondary" data-testid="total">
          {TOTAL_LABEL}: {total ?? '…'}
        </Typography.Text>
      )}
    </Space>
  );
}
