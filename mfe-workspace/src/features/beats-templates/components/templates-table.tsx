import { CaretRightOutlined, CopyOutlined, DeleteOutlined, ExportOutlined, ForkOutlined } from '@ant-design/icons';
import { Checkbox, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';

import { RowActions } from '../../../lib/row-actions';

/** One template row as the table shows it; `index` is the 1-based row number (tmpl#m). */
export type TemplateRow = {
  id: string;
  index: number;
  isSimilar: boolean;
  clipsCount: number;
  segmentsCount: number;
  isApproved: boolean;
  reelUrl: string;
};

export type TemplatesTableProps = {
  rows: readonly TemplateRow[];
  activeTemplateId: string | null;
  disabled: boolean;
  onActivate: (id: string) => void;
  onApprove: (id: string, approved: boolean) => void;
  onPlay: (id: string) => void;
  onDelete: (id: string) => void;
  onClone: (id: string) => void;
  onCopyCode: (id: string) => void;
};

const stop = (e: React.MouseEvent) => e.stopPropagation();

/** Template rows of 'Beats & Templates': index, similar, clips, segments, approve, play, delete, clone, code, reel. */
export function TemplatesTable(props: TemplatesTableProps) {
  const { rows, activeTemplateId, disabled } = props;
  const columns: ColumnsType<TemplateRow> = [
    {
      title: 'Tmpl',
      key: 'index',
      width: 54,
      render: (_, row) => <span className="template-index">tmpl#{row.index}</span>,
    },
    {
      title: 'Similar',
      key: 'similar',
      width: 62,
      render: (_, row) =>
        row.isSimilar ? (
          <Tag color="green" data-testid="similar-flag">
            similar
          </Tag>
        ) : null,
    },
    { title: 'Clips', dataIndex: 'clipsCount', key: 'clips', width: 48, align: 'right' },
    { title: 'Segs', dataIndex: 'segmentsCount', key: 'segments', width: 46, align: 'right' },
    {
      title: 'Appr.',
      key: 'approved',
      width: 48,
      align: 'center',
      render: (_, row) => (
        <Checkbox
          aria-label={`approve tmpl#${row.index}`}
          checked={row.isApproved}
          disabled={disabled}
          onClick={stop}
          onChange={(e) => props.onApprove(row.id, e.target.checked)}
        />
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 150,
      render: (_, row) => (
        <RowActions
          noun={`tmpl#${row.index}`}
          actions={[
            { verb: 'play', title: 'Play', icon: <CaretRightOutlined />, onClick: () => props.onPlay(row.id) },
            {
              verb: 'delete',
              title: 'Delete (disapprove)',
              icon: <DeleteOutlined />,
              onClick: () => props.onDelete(row.id),
              danger: true,
              disabled,
            },
            {
              verb: 'clone',
              title: 'Clone into a beat',
              icon: <ForkOutlined />,
              onClick: () => props.onClone(row.id),
              disabled,
            },
            { verb: 'copy code', title: 'Copy code', icon: <CopyOutlined />, onClick: () => props.onCopyCode(row.id) },
          ]}
        >
          <a
            title="Open the reel"
            href={row.reelUrl}
            target="_blank"
            rel="noreferrer noopener"
            aria-label={`reel of tmpl#${row.index}`}
          >
            <ExportOutlined />
          </a>
        </RowActions>
      ),
    },
  ];
  return (
    <Table<TemplateRow>
      size="small"
      rowKey="id"
      data-testid="templates-table"
      pagination={false}
      columns={columns}
      dataSource={[...rows]}
      rowClassName={(row) => (row.id === activeTemplateId ? 'row-active' : '')}
      onRow={(row) => ({ onClick: () => props.onActivate(row.id) })}
      locale={{ emptyText: 'No templates' }}
    />
  );
}
