import { AimOutlined, CaretRightOutlined } from '@ant-design/icons';
import { msToRoundedSeconds } from '@curator/shared';
import { Button, Table, Tag } from 'antd';

type HighlightRow = { timeMs: number; index: number };

export type HighlightsTableProps = {
  highlightStartTimesMs: readonly number[];
  /** The suite's default highlight (GET /api/hlpoints/top/), marked when the audio has it. */
  defaultHighlightMs: number | null;
  onPlay: (timeS: number) => void;
  onSeek: (timeS: number) => void;
};

/** The audio's highlight start times. */
export function HighlightsTable({ highlightStartTimesMs, defaultHighlightMs, onPlay, onSeek }: HighlightsTableProps) {
  const rows = [...highlightStartTimesMs].sort((a, b) => a - b).map((timeMs, index) => ({ timeMs, index }));
  return (
    <div className="panel">
      <div className="panel-head">
        <span className="panel-title">Highlights</span>
      </div>
      <Table<HighlightRow>
        size="small"
        rowKey="timeMs"
        data-testid="highlights-table"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: 'No highlights' }}
        columns={[
          { title: '#', key: 'index', width: 36, render: (_, row) => `HL${row.index + 1}` },
          {
            title: 'Start (s)',
            key: 'time',
            render: (_, row) => (
              <>
                {msToRoundedSeconds(row.timeMs).toFixed(2)}{' '}
                {row.timeMs === defaultHighlightMs && <Tag color="green">default</Tag>}
              </>
            ),
          },
          {
            title: '',
            key: 'actions',
            width: 64,
            render: (_, row) => (
              <span className="row-actions">
                <Button
                  title="Play from here"
                  size="small"
                  type="text"
                  aria-label="play highlight"
                  icon={<CaretRightOutlined />}
                  onClick={() => onPlay(msToRoundedSeconds(row.timeMs))}
                />
                <Button
                  title="Seek"
                  size="small"
                  type="text"
                  aria-label="seek highlight"
                  icon={<AimOutlined />}
                  onClick={() => onSeek(msToRoundedSeconds(row.timeMs))}
                />
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}
