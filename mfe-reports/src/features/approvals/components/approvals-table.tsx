import { CaretRightOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { type ApprovalRow, workspacePath } from '@curator/shared';
import type { TableColumnsType } from 'antd';
import { Button, Space, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { formatDateTime } from '../../../lib/format-date-time';

type ApprovalsTableProps = {
  rows: ApprovalRow[];
  loading: boolean;
  /** What an empty list shows (ListEmpty). */
  empty: ReactNode;
  selectedKey: string | null;
  removingKey: string | null;
  onSelect: (row: ApprovalRow) => void;
  onPlay: (row: ApprovalRow) => void;
  onUnapprove: (row: ApprovalRow) => void;
};

export const approvalKey = (row: Pick<ApprovalRow, 'src' | 'id'>) => `${row.src}:${row.id}`;
const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** One page of approvals; a row click loads it into the player. */
export function ApprovalsTable({
  rows,
  loading,
  empty,
  selectedKey,
  removingKey,
  onSelect,
  onPlay,
  onUnapprove,
}: ApprovalsTableProps) {
  const columns: TableColumnsType<ApprovalRow> = [
    { title: 'Audio', dataIndex: 'audio_name', key: 'audio' },
    { title: 'Artist', dataIndex: 'artist_name', key: 'artist' },
    { title: 'Segment count', dataIndex: 'segments_count', key: 'segments_count', width: 130, align: 'right' },
    {
      title: 'Segments length ms',
      dataIndex: 'segments_length_ms',
      key: 'segments_length_ms',
      width: 170,
      align: 'right',
    },
    {
      title: 'Type',
      dataIndex: 'src',
      key: 'src',
      width: 100,
      render: (src: ApprovalRow['src']) => <Tag color={src === 'beat' ? 'blue' : 'purple'}>{src}</Tag>,
    },
    { title: 'Approved at', dataIndex: 'approval_date', key: 'approval_date', width: 160, render: formatDateTime },
    { title: 'Approved by', dataIndex: 'approval_by', key: 'approval_by', width: 130 },
    {
      title: 'Actions',
      key: 'actions',
      width: 190,
      render: (_, row) => (
        <Space size="small" onClick={stop}>
          <Button
            size="small"
            icon={<CaretRightOutlined />}
            aria-label={`Play ${row.audio_name}`}
            title="Play"
            onClick={() => onPlay(row)}
          />
          <Link to={workspacePath(row.music_canonical_id)} aria-label={`Edit ${row.audio_name}`} title="Edit">
            <Button size="small" icon={<EditOutlined />} tabIndex={-1} />
          </Link>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            loading={removingKey === approvalKey(row)}
            aria-label={`Unapprove ${row.audio_name}`}
            title="Unapprove"
            onClick={() => onUnapprove(row)}
          >
            Unapprove
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <div data-testid="approvals-table">
      <Table<ApprovalRow>
        size="small"
        rowKey={approvalKey}
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        rowClassName={(row) =>
          approvalKey(row) === selectedKey ? 'approval-row approval-row-selected' : 'approval-row'
        }
        onRow={(row) => ({ onClick: () => onSelect(row) })}
        locale={{ emptyText: empty }}
      />
    </div>
  );
}
