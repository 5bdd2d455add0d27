import type { AudioListItem } from '@curator/shared';
import { Empty, Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { createContext, type HTMLAttributes, memo, type ReactNode, useContext, useMemo, useRef } from 'react';

import { useInAppLinks } from '../hooks/use-in-app-links';
import { FIRST_ROWS, MORE_ROWS, useProgressiveRows } from '../hooks/use-progressive-rows';
import { useRowPlayback } from '../hooks/use-row-playback';
import { AUDIO_COLUMNS } from './audio-columns';

type AudioTableProps = {
  audios: AudioListItem[];
  /** Names the list shown (filters and page), see useProgressiveRows. */
  listKey: string;
  loading: boolean;
};

/**
 * Rows antd's Table draws itself: one, so that it never shows its empty state beside the body's rows. Each of
 * its rows costs several times a plain one (its cell components, contexts and hooks): with the whole first
 * screenful in antd's rows, the cold list drew its rows about 45 ms later.
 */
const ANTD_ROWS = 1;
const SCROLL = { x: AUDIO_COLUMNS.reduce((sum, column) => sum + Number(column.width ?? 0), 0) };
const EMPTY = { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No audios match these filters" /> };

/** A group of rows the table's body adds after antd's own, with the index of its first row in the page. */
type RowGroup = { from: number; audios: readonly AudioListItem[] };

/** The rows after antd's own: the rest of the first screenful, then groups of MORE_ROWS. */
const LaterRowsContext = createContext<readonly RowGroup[]>([]);

/** A cell as antd's Table draws it: the same classes, alignment and title, so both kinds of row look alike. */
function LaterCell({
  column,
  audio,
  index,
}: {
  column: ColumnType<AudioListItem>;
  audio: AudioListItem;
  index: number;
}) {
  const value = column.dataIndex ? audio[column.dataIndex as keyof AudioListItem] : undefined;
  const content = (column.render ? column.render(value, audio, index) : value) as ReactNode;
  const isText = typeof content === 'string' || typeof content === 'number';
  return (
    <td
      className={column.ellipsis ? 'ant-table-cell ant-table-cell-ellipsis' : 'ant-table-cell'}
      style={column.align ? { textAlign: column.align } : undefined}
      title={column.ellipsis && isText ? String(content) : undefined}
    >
      {content}
    </td>
  );
}

/** One group of later rows; drawn again only when one of its audios changed (a tag toggled). */
const LaterRows = memo(
  function LaterRows({ audios, from }: { audios: readonly AudioListItem[]; from: number }) {
    return audios.map((audio, i) => (
      <tr key={audio.id} className="ant-table-row ant-table-row-level-0" data-row-key={audio.id}>
        {AUDIO_COLUMNS.map((column) => (
          <LaterCell key={column.key as string} column={column} audio={audio} index={from + i} />
        ))}
      </tr>
    ));
  },
  (a, b) => a.from === b.from && a.audios.length === b.audios.length && a.audios.every((x, i) => x === b.audios[i]),
);

/** The table's body: antd's row, then the later groups. */
function TableBody({ children, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  const groups = useContext(LaterRowsContext);
  return (
    <tbody {...props}>
      {children}
      {groups.map(({ from, audios }) => (
        <LaterRows key={from} audios={audios} from={from} />
      ))}
    </tbody>
  );
}

const COMPONENTS = { body: { wrapper: TableBody } };

/** `rows` as they were when none of them changed: a memo of the same items keeps its identity. */
function useSameRows(rows: readonly AudioListItem[]): readonly AudioListItem[] {
  const kept = useRef(rows);
  const same = kept.current.length === rows.length && kept.current.every((row, i) => row === rows[i]);
  if (!same) kept.current = rows;
  return kept.current;
}

/**
 * One page of audios, with one-at-a-time playback and arrow-key row switching. antd's Table draws the
 * header and the first row (ANTD_ROWS); the other rows come in groups that the body adds, the rest of the
 * first screenful at once, then a screenful at a time: antd draws every row again whenever its Table
 * renders, so adding rows to its data would draw the whole page again for each group.
 */
export function AudioTable({ audios, listKey, loading }: AudioTableProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const rows = useProgressiveRows(audios, listKey);
  useRowPlayback(containerRef);
  useInAppLinks(containerRef);
  const first = useSameRows(rows.slice(0, ANTD_ROWS));
  const groups = useMemo(() => {
    const out: RowGroup[] = [];
    if (rows.length > ANTD_ROWS) out.push({ from: ANTD_ROWS, audios: rows.slice(ANTD_ROWS, FIRST_ROWS) });
    for (let from = FIRST_ROWS; from < rows.length; from += MORE_ROWS)
      out.push({ from, audios: rows.slice(from, from + MORE_ROWS) });
    return out;
  }, [rows]);
  const table = useMemo(
    () => (
      <Table<AudioListItem>
        size="small"
        rowKey="id"
        columns={AUDIO_COLUMNS}
        dataSource={first as AudioListItem[]}
        loading={loading}
        pagination={false}
        tableLayout="fixed"
        // The hover colour comes from CSS (audio-list.css): rc-table's own hover state re-renders
        // every cell of the page whenever the pointer crosses a row, as it does while scrolling.
        rowHoverable={false}
        scroll={SCROLL}
        locale={EMPTY}
        components={COMPONENTS}
      />
    ),
    [first, loading],
  );
  return (
    // Busy while the rest of the page's rows are still being added after the first screenful.
    <div ref={containerRef} data-testid="audio-table" aria-busy={rows.length < audios.length}>
      <LaterRowsContext.Provider value={groups}>{table}</LaterRowsContext.Provider>
    </div>
  );
}
