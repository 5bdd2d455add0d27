import { AimOutlined, CaretRightOutlined } from '@ant-design/icons';
import { msToRoundedSeconds } from '@curator/shared';
import { Table, Tag } from 'antd';

import { RowActions } from '../../../lib/row-actions';

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
              <RowActions
                noun="highlight"
                actions={[
                  {
                    verb: 'play',
                    title: 'Play from here',
                    icon: <CaretRightOutlined />,
                    onClick: () => onPlay(msToRoundedSeconds(row.timeMs)),
                  },
                  {
                    verb: 'seek',
                    title: 'Seek',
                    icon: <AimOutlined />,
                    onClick: () => onSeek(msToRoundedSeconds(row.timeMs)),
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
