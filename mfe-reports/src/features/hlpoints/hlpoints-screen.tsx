import { Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DEFAULT_HL_POINT_LABEL, msToRoundedSeconds, useListHlPointsQuery, type HlPoint } from '@curator/shared';
import { formatDateTime } from '../../lib/format-date-time';

const COLUMNS: TableColumnsType<HlPoint> = [
  {
    title: 'Start time',
    key: 'start',
    render: (_, point, index) => (
      <span>
        {point.audio_asset_start_time_in_ms} ms <Typography.Text type="secondary">({msToRoundedSeconds(point.audio_asset_start_time_in_ms)} s)</Typography.Text>
        {index === 0 && (
          <Tag color="gold" className="default-hl-point">
            {DEFAULT_HL_POINT_LABEL}
          </Tag>
        )}
      </span>
    ),
  },
  { title: 'Media count', dataIndex: 'count', key: 'count', width: 140, align: 'right' },
  { title: 'Updated at', dataIndex: 'updated_at', key: 'updated_at', width: 200, render: formatDateTime },
];

/** /hlpoints/: template start times, most used first; the first is the default highlight. */
export function HlPointsScreen() {
  const { data, isLoading } = useListHlPointsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section className="report-screen" data-testid="hlpoints-screen">
      <Typography.Title level={4}>HL Points</Typography.Title>
      <div data-testid="hlpoints-table">
        <Table<HlPoint>
          size="small"
          rowKey="audio_asset_start_time_in_ms"
          columns={COLUMNS}
          dataSource={data}
          loading={isLoading}
          pagination={false}
          locale={{ emptyText: 'No templates yet' }}
        />
      </div>
    </section>
  );
}
