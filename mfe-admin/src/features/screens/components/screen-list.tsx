import { type RemoteDefinition, SCREENS_LABEL, useAppSelector, useListScreensQuery } from '@curator/shared';
import { type ScreenState } from '@curator/shared/kernel';
import type { TableColumnsType } from 'antd';
import { Table, Tag, Typography } from 'antd';

import { RequestRefusal } from '../../../components/request-refusal';
import { formatDateTime } from '../../../lib/format-date-time';

/** How a screen fared in this browser, as the shell recorded it. */
function describeState(state: ScreenState | undefined) {
  if (!state) return <Tag>not opened</Tag>;
  if (state.status === 'loading') return <Tag color="processing">loading</Tag>;
  if (state.status === 'loaded') return <Tag color="success">loaded</Tag>;
  return (
    <Tag color="error" title={state.message}>
      failed ({state.kind})
    </Tag>
  );
}

/**
 * /screens/: each screen remotes.json deploys — its entry, build id, build time, the kernel it was
 * built against — and whether it loaded in this browser. Rolling a screen back is an edit of
 * remotes.json (README, "Shipping one screen").
 */
export function ScreenList() {
  const { data: screens, isLoading, error } = useListScreensQuery();
  const states = useAppSelector((s) => s.screens);

  const columns: TableColumnsType<RemoteDefinition> = [
    { title: 'Screen', dataIndex: 'name', key: 'name', width: 120 },
    { title: 'Entry', dataIndex: 'entry', key: 'entry', render: (entry: string) => <code>{entry}</code> },
    { title: 'Build', key: 'build', render: (_, s) => s.build?.buildId ?? '—' },
    { title: 'Built at', key: 'builtAt', width: 170, render: (_, s) => formatDateTime(s.build?.builtAt) },
    { title: 'Kernel', key: 'kernel', width: 90, render: (_, s) => s.build?.kernel ?? '—' },
    { title: 'In this browser', key: 'state', width: 160, render: (_, s) => describeState(states[s.name]) },
  ];

  return (
    <section data-testid="screen-list">
      <Typography.Title level={3}>{SCREENS_LABEL}</Typography.Title>
      {error ? (
        <RequestRefusal error={error} variant="result" />
      ) : (
        <Table<RemoteDefinition>
          rowKey="name"
          size="middle"
          columns={columns}
          dataSource={screens}
          loading={isLoading}
          pagination={false}
        />
      )}
    </section>
  );
}
