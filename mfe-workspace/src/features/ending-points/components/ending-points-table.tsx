import { AimOutlined, CaretRightOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Table } from 'antd';

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
              <span className="row-actions" onClick={(e) => e.stopPropagation()}>
                <Button
                  title="Play from here"
                  size="small"
                  type="text"
                  aria-label="play ending point"
                  icon={<CaretRightOutlined />}
                  onClick={() => onPlay(row.timeS)}
                />
                <Button
                  title="Seek"
                  size="small"
                  type="text"
                  aria-label="seek ending point"
                  icon={<AimOutlined />}
                  onClick={() => onSeek(row.timeS)}
                />
                <Button
                  title="Delete"
                  size="small"
                  type="text"
                  danger
                  aria-label="delete ending point"
                  disabled={disabled}
                  icon={<DeleteOutlined />}
                  onClick={() => onDelete(row.timeS)}
                />
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}
