import type { AudioListItem } from '@curator/shared';
import { Empty, Table } from 'antd';
import { useRef } from 'react';

import { useInAppLinks } from '../hooks/use-in-app-links';
import { useProgressiveRows } from '../hooks/use-progressive-rows';
import { useRowPlayback } from '../hooks/use-row-playback';
import { AUDIO_COLUMNS } from './audio-columns';

type AudioTableProps = {
  audios: AudioListItem[];
  /** Names the list shown (filters and page), see useProgressiveRows. */
  listKey: string;
  loading: boolean;
};

const SCROLL = { x: AUDIO_COLUMNS.reduce((sum, column) => sum + Number(column.width ?? 0), 0) };
const EMPTY = { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No audios match these filters" /> };

/** One page of audios, with one-at-a-time playback and arrow-key row switching. */
export function AudioTable({ audios, listKey, loading }: AudioTableProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const rows = useProgressiveRows(audios, listKey);
  useRowPlayback(containerRef);
  useInAppLinks(containerRef);
  return (
    // Busy while the rest of the page's rows are still being added after the first screenful.
    <div ref={containerRef} data-testid="audio-table" aria-busy={rows.length < audios.length}>
      <Table<AudioListItem>
        size="small"
        rowKey="id"
        columns={AUDIO_COLUMNS}
        dataSource={rows as AudioListItem[]}
        loading={loading}
        pagination={false}
        tableLayout="fixed"
        // The hover colour comes from CSS (audio-list.css): rc-table's own hover state re-renders
        // every cell of the page whenever the pointer crosses a row, as it does while scrolling.
        rowHoverable={false}
        scroll={SCROLL}
        locale={EMPTY}
      />
    </div>
  );
}
