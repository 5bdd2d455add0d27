import { DeleteOutlined } from '@ant-design/icons';
import { type Beat, CONFIRM_DELETE_MESSAGE, EPT_BUTTON } from '@curator/shared';
import { Button, Checkbox, Popconfirm, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';

import { BeatNameCell } from './beat-name-cell';

export type BeatsTableProps = {
  beats: readonly Beat[];
  activeBeatId: string | null;
  disabled: boolean;
  onActivate: (beatId: string) => void;
  /** False when the name is refused: its editor stays open. */
  onRename: (beatId: string, name: string) => boolean;
  onToggleDone: (beatId: string, done: boolean) => void;
  onEpt: (beat: Beat) => void;
  onDelete: (beatId: string) => void;
};

const TYPE_COLORS: Record<Beat['type'], string> = { manual: 'default', auto: 'purple', ep: 'volcano' };

/** Beat rows of 'Beats & Templates': name, type, offset count, done, EPT (not for ep beats). */
export function BeatsTable({
  beats,
  activeBeatId,
  disabled,
  onActivate,
  onRename,
  onToggleDone,
  onEpt,
  onDelete,
}: BeatsTableProps) {
  const columns: ColumnsType<Beat> = [
    {
      title: 'Beat',
      key: 'name',
      ellipsis: true,
      render: (_, beat) => (
        <BeatNameCell
          name={beat.name}
          disabled={disabled}
          onActivate={() => onActivate(beat.id)}
          onRename={(name) => onRename(beat.id, name)}
        />
      ),
    },
    {
      title: 'Type',
      key: 'type',
      width: 64,
      render: (_, beat) => <Tag color={TYPE_COLORS[beat.type]}>{beat.type}</Tag>,
    },
    {
      title: 'Offs',
      key: 'offsets',
      width: 50,
      align: 'right',
      render: (_, beat) => <span data-testid="offset-count">{beat.offsets.length}</span>,
    },
    {
      title: 'Done',
      key: 'done',
      width: 54,
      align: 'center',
      render: (_, beat) => (
        <Checkbox
          aria-label={`done ${beat.name}`}
          checked={beat.done}
          disabled={disabled}
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => onToggleDone(beat.id, e.target.checked)}
        />
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 76,
      render: (_, beat) => (
        <span className="row-actions" onClick={(e) => e.stopPropagation()}>
          {beat.type !== 'ep' && (
            <Button size="small" disabled={disabled} onClick={() => onEpt(beat)}>
              {EPT_BUTTON}
            </Button>
          )}
          <Popconfirm title={CONFIRM_DELETE_MESSAGE} onConfirm={() => onDelete(beat.id)} disabled={disabled}>
            <Button
              size="small"
              type="text"
              danger
              aria-label={`delete ${beat.name}`}
              disabled={disabled}
              icon={<DeleteOutlined />}
            />
          </Popconfirm>
        </span>
      ),
    },
  ];
  return (
    <Table<Beat>
      size="small"
      rowKey="id"
      data-testid="beats-table"
      pagination={false}
      columns={columns}
      dataSource={[...beats]}
      rowClassName={(beat) => (beat.id === activeBeatId ? 'row-active' : '')}
      onRow={(beat) => ({ onClick: () => onActivate(beat.id) })}
      locale={{ emptyText: 'No beats yet' }}
    />
  );
}
