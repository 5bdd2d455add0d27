import type { AudioListItem } from '@curator/shared';
import { Empty, Table } from 'antd';
import { useRef } from 'react';

import { useRowPlayback } from '../hooks/use-row-playback';
import { AUDIO_COLUMNS } from './audio-columns';

type AudioTableProps = { audios: AudioListItem[]; loading: boolean };

/** One page of audios, with one-at-a-time playback and arrow-key row switching. */
export function AudioTable({ audios, loading }: AudioTableProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  useRowPlayback(containerRef);
  return (
    <div ref={containerRef} data-testid="audio-table">
      <Table<AudioListItem>
        size="small"
        rowKey="id"
        columns={AUDIO_COLUMNS}
        dataSource={audios}
        loading={loading}
        pagination={false}
        tableLayout="fixed"
        scroll={{ x: AUDIO_COLUMNS.reduce((sum, column) => sum + Number(column.width ?? 0), 0) }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No audios match these filters" />,
        }}
      />
    </div>
  );
}
