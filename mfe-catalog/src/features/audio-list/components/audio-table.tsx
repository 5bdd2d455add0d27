import type { AudioListItem } from '@curator/shared';
import { Spin } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { memo, type ReactNode, useMemo, useRef } from 'react';

import { useInAppLinks } from '../hooks/use-in-app-links';
import { FIRST_ROWS, MORE_ROWS, useProgressiveRows } from '../hooks/use-progressive-rows';
import { useRowPlayback } from '../hooks/use-row-playback';
import { AUDIO_COLUMNS } from './audio-columns';

type AudioTableProps = {
  audios: AudioListItem[];
  /** Names the list shown (filters and page), see useProgressiveRows. */
  listKey: string;
  loading: boolean;
  /** What an empty list shows (AUDIO_LIST_EMPTY_TEXT, or that the list could not be loaded). */
  empty: ReactNode;
};

/** The columns' widths add up to the table's: narrower windows scroll it sideways. */
const TABLE_STYLE = {
  width: AUDIO_COLUMNS.reduce((sum, column) => sum + Number(column.width ?? 0), 0),
  minWidth: '100%',
};
export const AUDIO_LIST_EMPTY_TEXT = 'No audios match these filters';

/** A group of rows, with the index of its first row in the page. */
type RowGroup = { from: number; audios: readonly AudioListItem[] };

const cellClass = (column: ColumnType<AudioListItem>) => (column.ellipsis ? 'audio-cell-ellipsis' : undefined);
const cellStyle = (column: ColumnType<AudioListItem>) => (column.align ? { textAlign: column.align } : undefined);

/** A cell: the column's content and alignment, and the whole text on hover where the column cuts it short. */
function Cell({ column, audio, index }: { column: ColumnType<AudioListItem>; audio: AudioListItem; index: number }) {
  const value = column.dataIndex ? audio[column.dataIndex as keyof AudioListItem] : undefined;
  const content = (column.render ? column.render(value, audio, index) : value) as ReactNode;
  const isText = typeof content === 'string' || typeof content === 'number';
  return (
    <td
      className={cellClass(column)}
      style={cellStyle(column)}
      title={column.ellipsis && isText ? String(content) : undefined}
    >
      {content}
    </td>
  );
}

/** One group of rows; drawn again only when one of its audios changed (a tag toggled). */
const Rows = memo(
  function Rows({ audios, from }: RowGroup) {
    return audios.map((audio, i) => (
      <tr key={audio.id} className="audio-row" data-row-key={audio.id}>
        {AUDIO_COLUMNS.map((column) => (
          <Cell key={column.key as string} column={column} audio={audio} index={from + i} />
        ))}
      </tr>
    ));
  },
  (a, b) => a.from === b.from && a.audios.length === b.audios.length && a.audios.every((x, i) => x === b.audios[i]),
);

/**
 * One page of audios, with one-at-a-time playback and arrow-key row switching: a plain table with the
 * look of antd's small Table (audio-list.css), whose own machinery (measure rows, column contexts,
 * hover state, every row drawn again on each render) cost the cold list about 60 ms before its first
 * row. The first screenful of rows comes at once, then a screenful at a time (useProgressiveRows), each
 * group drawn once.
 */
export function AudioTable({ audios, listKey, loading, empty }: AudioTableProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const rows = useProgressiveRows(audios, listKey);
  useRowPlayback(containerRef);
  useInAppLinks(containerRef);
  const groups = useMemo(() => {
    const out: RowGroup[] = [{ from: 0, audios: rows.slice(0, FIRST_ROWS) }];
    for (let from = FIRST_ROWS; from < rows.length; from += MORE_ROWS)
      out.push({ from, audios: rows.slice(from, from + MORE_ROWS) });
    return out;
  }, [rows]);
  return (
    // Busy while the rest of the page's rows are still being added after the first screenful.
    <div
      ref={containerRef}
      className={loading ? 'audio-table audio-table-loading' : 'audio-table'}
      data-testid="audio-table"
      aria-busy={loading || rows.length < audios.length}
    >
      <div className="audio-table-scroll">
        <table style={TABLE_STYLE}>
          <colgroup>
            {AUDIO_COLUMNS.map((column) => (
              <col key={column.key as string} style={{ width: column.width }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {AUDIO_COLUMNS.map((column) => (
                <th
                  key={column.key as string}
                  scope="col"
                  className={cellClass(column)}
                  style={cellStyle(column)}
                  title={column.ellipsis ? String(column.title) : undefined}
                >
                  {column.title as ReactNode}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {groups.map(({ from, audios: group }) => (
              <Rows key={from} audios={group} from={from} />
            ))}
            {!loading && audios.length === 0 && (
              <tr>
                <td colSpan={AUDIO_COLUMNS.length}>{empty}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {loading && <Spin className="audio-table-spin" />}
    </div>
  );
}
