import { LIST_LOAD_FAILED_TEXT, RETRY_LABEL } from '@curator/shared';
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

/**
 * What an empty list shows: `text`, or, when its query could not be answered (isUnavailable), that the list could not
 * be loaded, with Retry. A query the server refused (4xx) shows `text`; its toast says why.
 */
export function ListEmpty({ text, query }: { text: ReactNode; query: { error?: unknown; refetch: () => unknown } }) {
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
