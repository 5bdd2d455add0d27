import { type SegmentStatsMode, type SegmentStatsRow, selectVisibleSegmentStats } from '@curator/shared';
import type { TableColumnsType } from 'antd';
import { Table } from 'antd';
import type { ReactNode } from 'react';

/** `empty`: what an empty list shows (ListEmpty). */
type SegmentsTableProps = { rows: SegmentStatsRow[]; mode: SegmentStatsMode; loading: boolean; empty: ReactNode };

function columnsFor(mode: SegmentStatsMode): TableColumnsType<SegmentStatsRow> {
  const count = (title: string, field: keyof SegmentStatsRow) => ({
    title,
    dataIndex: field,
    key: field,
    align: 'right' as const,
  });
  return [
    { title: 'Segments', dataIndex: '_id', key: 'segments', width: 120 },
    count('Templates', `total_${mode}`),
    count('Trending now', `total_${mode}_trending`),
    count('Hyper popular', `total_${mode}_hyper`),
    count('Emerging star', `total_${mode}_emerging`),
  ];
}

/** One row per segment count for the switch position; rows with no template there are hidden. */
export function SegmentsTable({ rows, mode, loading, empty }: SegmentsTableProps) {
  return (
    <div data-testid="segments-table">
      <Table<SegmentStatsRow>
        size="small"
        rowKey="_id"
        columns={columnsFor(mode)}
        dataSource={selectVisibleSegmentStats(rows, mode)}
        loading={loading}
        pagination={false}
        locale={{ emptyText: empty }}
      />
    </div>
  );
}
