import { hasNextPage, NEXT_BUTTON, PAGE_SIZE, PREV_BUTTON, stepSkip, TOTAL_LABEL } from '@curator/shared';
import { Button, Space, Typography } from 'antd';

type PagerProps = {
  skip: number;
  pageLength: number;
  total?: number;
  showTotal?: boolean;
  onSkip: (skip: number) => void;
};

/** Prev/Next by PAGE_SIZE; shows skip + 1 as the page number and, unless told not to, the Total. */
export function Pager({ skip, pageLength, total, showTotal = true, onSkip }: PagerProps) {
  return (
    <Space className="pager" size="middle">
      <Button size="small" disabled={skip <= 0} onClick={() => onSkip(stepSkip(skip, -1, PAGE_SIZE))}>
        {PREV_BUTTON}
      </Button>
      <span data-testid="page-number">{skip + 1}</span>
      <Button
        size="small"
        disabled={!hasNextPage(skip, pageLength, total, PAGE_SIZE)}
        onClick={() => onSkip(stepSkip(skip, 1, PAGE_SIZE))}
      >
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
