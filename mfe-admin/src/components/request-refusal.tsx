import { CloseCircleFilled, StopOutlined } from '@ant-design/icons';
import { describeRequestError, statusOf } from '@curator/shared/kernel';
import { StatusMessage } from '@curator/shared/ui';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Alert } from 'antd';

type RequestError = FetchBaseQueryError | SerializedError | undefined;

const REFUSED_STATUS = 403;
const NO_RESPONSE_TEXT = 'server error';

/**
 * What the server refused, in its own words: a 403 ('Admin only') as a full StatusMessage, anything
 * else as an error Alert with its detail lines. Renders nothing without an error.
 */
export function RequestRefusal({
  error,
  variant = 'alert',
  onClose,
}: {
  error: RequestError;
  /** 'result' replaces a screen that cannot load; 'alert' sits above one that still works. */
  variant?: 'alert' | 'result';
  onClose?: () => void;
}) {
  if (!error) return null;
  const lines = describeRequestError(error, NO_RESPONSE_TEXT);
  const refused = statusOf(error) === REFUSED_STATUS;
  if (variant === 'result') {
    return (
      <div data-testid="request-refusal">
        <StatusMessage
          icon={refused ? <StopOutlined /> : <CloseCircleFilled />}
          tone="error"
          title={lines[0]}
          subTitle={lines.slice(1).join('\n') || undefined}
        />
      </div>
    );
  }
  return (
    <Alert
      type={refused ? 'warning' : 'error'}
      showIcon
      role="alert"
      data-testid="request-refusal"
      title={lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
      closable={onClose ? { onClose } : undefined}
      style={{ marginBottom: 16 }}
    />
  );
}
