import { LIST_LOAD_FAILED_TEXT, LIST_REFUSED_TEXT, RETRY_LABEL } from '@curator/shared';
import { describeRequestError, statusOf } from '@curator/shared/kernel';
import { Button, Empty, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A query's failure the server did not choose: no answer, a timeout, an unreadable answer, or a 5xx. */
export function isUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('status' in error)) return false;
  const { status } = error as { status: unknown };
  return typeof status === 'number'
    ? status >= 500
    : ['FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR'].includes(String(status));
}

/** A query the server refused (4xx): its answer says why. */
export function isRefused(error: unknown): boolean {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}

/**
 * What an empty list shows: `text`; when its query could not be answered (isUnavailable), that the list could not be
 * loaded, with Retry; when the server refused the query (4xx), that it did and why (as its toast says): `text` ("No
 * reels taken in this window") would claim there is nothing to find.
 */
export function ListEmpty({ text, query }: { text: ReactNode; query: { error?: unknown; refetch: () => unknown } }) {
  if (isRefused(query.error)) {
    const reasons = describeRequestError(query.error as never, '');
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        data-testid="list-refused"
        description={
          <Flex vertical align="center">
            <span>{LIST_REFUSED_TEXT}</span>
            {reasons.map((line) => (
              <Typography.Text key={line} type="secondary">
                {line}
              </Typography.Text>
            ))}
          </Flex>
        }
      />
    );
  }
  if (!isUnavailable(query.error)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
  return (
    <Flex vertical align="center" gap="small" data-testid="list-load-failed">
      <Typography.Text type="secondary">{LIST_LOAD_FAILED_TEXT}</Typography.Text>
      <Button size="small" onClick={() => void query.refetch()}>
        {RETRY_LABEL}
      </Button>
    </Flex>
  );
}
