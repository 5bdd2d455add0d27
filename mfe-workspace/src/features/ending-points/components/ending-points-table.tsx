import { Table } from 'antd';

import { TimePointActions } from '../../../lib/row-actions';

type EndingPointRow = { timeS: number; index: number };

export type EndingPointsTableProps = {
  pointsS: readonly number[];
  selectedPointS: number | null;
  disabled: boolean;
  onSelect: (pointS: number) => void;
  onPlay: (pointS: number) => void;
  onSeek: (pointS: number) => void;
  onDelete: (pointS: number) => void;
};

/** The audio's ending points (E adds one at the playhead, Backspace deletes the selected one). */
export function EndingPointsTable({
  pointsS,
  selectedPointS,
  disabled,
  onSelect,
  onPlay,
  onSeek,
  onDelete,
}: EndingPointsTableProps) {
  const rows = pointsS.map((timeS, index) => ({ timeS, index }));
  return (
    <div className="panel">
      <div className="panel-head">
        <span className="panel-title">Ending Points</span>
        <span className="muted">E adds at the playhead</span>
      </div>
      <Table<EndingPointRow>
        size="small"
        rowKey="timeS"
        data-testid="ending-points-table"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: 'No ending points' }}
        rowClassName={(row) => (row.timeS === selectedPointS ? 'row-active' : '')}
        onRow={(row) => ({ onClick: () => onSelect(row.timeS) })}
        columns={[
          { title: '#', key: 'index', width: 36, render: (_, row) => `EP${row.index + 1}` },
          { title: 'Time (s)', key: 'time', render: (_, row) => row.timeS.toFixed(2) },
          {
            title: '',
            key: 'actions',
            width: 92,
            render: (_, row) => (
              <TimePointActions
                noun="ending point"
                canDelete={!disabled}
                onPlay={() => onPlay(row.timeS)}
                onSeek={() => onSeek(row.timeS)}
                onDelete={() => onDelete(row.timeS)}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
