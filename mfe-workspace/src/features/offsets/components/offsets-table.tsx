import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';

import { TimePointActions } from '../../../lib/row-actions';

type OffsetRow = { timeS: number; index: number };

export type OffsetsTableProps = {
  offsetsS: readonly number[];
  /** A beat is selected (adding needs one); false for a template or nothing. */
  hasBeat: boolean;
  /** Deleting is for beats only. */
  canDelete: boolean;
  selectedOffsetS: number | null;
  onAdd: (typed: string) => void;
  onSelect: (offsetS: number) => void;
  onPlay: (offsetS: number) => void;
  onSeek: (offsetS: number) => void;
  onDelete: (offsetS: number) => void;
};

/** Offsets of the active beat (or boundaries of the active template), with the manual add field in seconds. */
export function OffsetsTable(props: OffsetsTableProps) {
  const [typed, setTyped] = useState('');
  const rows = props.offsetsS.map((timeS, index) => ({ timeS, index }));
  function handleAdd() {
    props.onAdd(typed);
    setTyped('');
  }
  const columns: ColumnsType<OffsetRow> = [
    { title: '#', key: 'index', width: 36, render: (_, row) => row.index + 1 },
    { title: 'Offset (s)', key: 'time', render: (_, row) => row.timeS.toFixed(2) },
    {
      title: '',
      key: 'actions',
      width: 92,
      render: (_, row) => (
        <TimePointActions
          noun="offset"
          canDelete={props.canDelete}
          onPlay={() => props.onPlay(row.timeS)}
          onSeek={() => props.onSeek(row.timeS)}
          onDelete={() => props.onDelete(row.timeS)}
        />
      ),
    },
  ];
  return (
    <div className="panel" data-testid="offsets-panel">
      <div className="panel-head">
        <span className="panel-title">Offsets</span>
        <Input
          size="small"
          aria-label="Add offset (s)"
          placeholder="offset in s"
          style={{ width: 110 }}
          value={typed}
          disabled={!props.hasBeat}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={handleAdd}
        />
        <Button
          size="small"
          aria-label="Add offset"
          icon={<PlusOutlined />}
          disabled={!props.hasBeat}
          onClick={handleAdd}
        />
      </div>
      <Table<OffsetRow>
        size="small"
        rowKey="timeS"
        data-testid="offsets-table"
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ y: 260 }}
        rowClassName={(row) => (row.timeS === props.selectedOffsetS ? 'row-active' : '')}
        onRow={(row) => ({ onClick: () => props.onSelect(row.timeS) })}
        locale={{ emptyText: 'No offsets' }}
      />
    </div>
  );
}
