import { AimOutlined, CaretRightOutlined, RetweetOutlined } from '@ant-design/icons';
import type { Segment } from '@curator/shared';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';

import { RowActions } from '../../../lib/row-actions';

type SegmentRow = Segment & { index: number };

export type SegmentsTableProps = {
  segments: readonly Segment[];
  /** Segment under the playhead, highlighted. */
  currentIndex: number;
  onPlay: (fromS: number, toS: number) => void;
  onLoop: (fromS: number, toS: number) => void;
  onSeek: (timeS: number) => void;
};

/** Segments of the active beat or template: from, to, duration, play, loop play, seek. */
export function SegmentsTable({ segments, currentIndex, onPlay, onLoop, onSeek }: SegmentsTableProps) {
  const rows = segments.map((segment, index) => ({ ...segment, index }));
  const columns: ColumnsType<SegmentRow> = [
    { title: '#', key: 'index', width: 36, render: (_, row) => row.index + 1 },
    { title: 'From', key: 'from', render: (_, row) => row.fromS.toFixed(2) },
    { title: 'To', key: 'to', render: (_, row) => row.toS.toFixed(2) },
    { title: 'Duration', key: 'duration', render: (_, row) => row.durationS.toFixed(2) },
    {
      title: '',
      key: 'actions',
      width: 92,
      render: (_, row) => (
        <RowActions
          noun="segment"
          actions={[
            { verb: 'play', title: 'Play', icon: <CaretRightOutlined />, onClick: () => onPlay(row.fromS, row.toS) },
            { verb: 'loop', title: 'Loop play', icon: <RetweetOutlined />, onClick: () => onLoop(row.fromS, row.toS) },
            { verb: 'seek', title: 'Seek', icon: <AimOutlined />, onClick: () => onSeek(row.fromS) },
          ]}
        />
      ),
    },
  ];
  return (
    <div className="panel">
      <div className="panel-head">
        <span className="panel-title">Segments</span>
        <span className="muted">{segments.length}</span>
      </div>
      <Table<SegmentRow>
        size="small"
        rowKey="index"
        data-testid="segments-table"
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ y: 260 }}
        rowClassName={(row) => (row.index === currentIndex ? 'row-current' : '')}
        locale={{ emptyText: 'No segments' }}
      />
    </div>
  );
}
