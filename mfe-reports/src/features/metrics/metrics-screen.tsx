import { ReloadOutlined } from '@ant-design/icons';
import { type Metric, useListMetricsQuery } from '@curator/shared';
import { ListEmpty } from '@curator/shared/ui';
import type { TableColumnsType } from 'antd';
import { Button, Table, Typography } from 'antd';

const COLUMNS: TableColumnsType<Metric> = [
  { title: 'Key', dataIndex: 'key', key: 'key' },
  {
    title: 'Value',
    key: 'value',
    align: 'right',
    render: (_, metric) => (metric.value === null ? '—' : String(metric.value)),
  },
];

/** /metrics/: live key/value figures, computed by the API on each request. */
export function MetricsScreen() {
  const metrics = useListMetricsQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data, isLoading, isFetching, refetch } = metrics;
  return (
    <section className="report-screen report-narrow" data-testid="metrics-screen">
      <Typography.Title level={4}>Metrics</Typography.Title>
      <Button
        size="small"
        icon={<ReloadOutlined />}
        loading={isFetching}
        onClick={() => void refetch()}
        className="report-refresh"
      >
        Refresh
      </Button>
      <div data-testid="metrics-table">
        <Table<Metric>
          size="small"
          rowKey="key"
          columns={COLUMNS}
          dataSource={data}
          loading={isLoading}
          pagination={false}
          // A server that fails says so, with Retry, as the other lists do: not an empty table.
          locale={{ emptyText: <ListEmpty text="No metrics" query={metrics} /> }}
        />
      </div>
    </section>
  );
}
