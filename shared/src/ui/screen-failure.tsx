import { WarningFilled } from '@ant-design/icons';
import { RETRY_LABEL, SCREEN_FAILURE_HINT } from '@curator/shared';
import { Button } from 'antd';

import { StatusMessage } from './status-message';

export type ScreenFailureProps = { title: string; detail: string; onRetry: () => void };

/** What stands in a screen's place when it failed to load or threw: what happened, and Retry. */
export function ScreenFailure({ title, detail, onRetry }: ScreenFailureProps) {
  return (
    <StatusMessage
      icon={<WarningFilled />}
      tone="warning"
      title={title}
      subTitle={
        <>
          <div data-testid="screen-failure-detail">{detail}</div>
          <div>{SCREEN_FAILURE_HINT}</div>
        </>
      }
      extra={
        <Button type="primary" onClick={onRetry}>
          {RETRY_LABEL}
        </Button>
      }
      data-testid="screen-failure"
      role="alert"
    />
  );
}
