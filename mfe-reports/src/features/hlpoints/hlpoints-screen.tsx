import {
  DEFAULT_HL_POINT_LABEL,
  type HlPoint,
  msToRoundedSeconds,
  PAGE_SIZE,
  useListHlPointsQuery,
} from '@curator/shared';
import { ListEmpty, Pager } from '@curator/shared/ui';
import type { TableColumnsType } from 'antd';
import { Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';

import { formatDateTime } from '../../lib/format-date-time';

/** The columns; the row of `defaultStartMs` is marked DEFAULT on whichever page shows it. */
function buildColumns(defaultStartMs: number | undefined): TableColumnsType<HlPoint> {
  return [
    {
      title: 'Start time',
      key: 'start',
      render: (_, point) => (
        <span>
          {point.audio_asset_start_time_in_ms} ms{' '}
          <Typography.Text type="secondary">
            ({msToRoundedSeconds(point.audio_asset_start_time_in_ms)} s)
          </Typography.Text>
          {point.audio_asset_start_time_in_ms === defaultStartMs && (
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
}

/** /hlpoints/: every template start time, most used first, PAGE_SIZE a page; the first is the default highlight. */
export function HlPointsScreen() {
  const hlPoints = useListHlPointsQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data, isLoading } = hlPoints;
  const [skip, setSkip] = useState(0);
  const points = useMemo(() => data ?? [], [data]);
  const columns = useMemo(() => buildColumns(points[0]?.audio_asset_start_time_in_ms), [points]);
  const page = points.slice(skip, skip + PAGE_SIZE);
  return (
    <section className="report-screen" data-testid="hlpoints-screen">
      <Typography.Title level={4}>HL Points</Typography.Title>
      <Pager skip={skip} pageLength={page.length} total={data?.length} onSkip={setSkip} />
      <div data-testid="hlpoints-table">
        <Table<HlPoint>
          size="small"
          rowKey="audio_asset_start_time_in_ms"
          columns={columns}
          dataSource={page}
          loading={isLoading}
          pagination={false}
          locale={{ emptyText: <ListEmpty text="No templates yet" query={hlPoints} /> }}
        />
      </div>
    </section>
  );
}
