import { ExportOutlined } from '@ant-design/icons';
import { ID_PATTERN, msToSeconds, type Template, useListTemplatesQuery, workspacePath } from '@curator/shared';
import { ListEmpty } from '@curator/shared/ui';
import { Space, Table, Tag as AntTag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useSearchParams } from 'react-router-dom';

import { buildPlatformReelUrl } from '../../lib/platform-links';

type TemplateRow = Template & { index: number };

function ApprovalState({ approved }: { approved: boolean | null }) {
  if (approved === true) return <AntTag color="green">approved</AntTag>;
  if (approved === false) return <AntTag color="red">disapproved</AntTag>;
  return <AntTag>undecided</AntTag>;
}

const COLUMNS: ColumnsType<TemplateRow> = [
  { title: '#', dataIndex: 'index', key: 'index', width: 56 },
  { title: 'Clips', key: 'clips', width: 80, align: 'right', render: (_, t) => t.template_entry.clips_count },
  {
    title: 'Segments',
    key: 'segments',
    width: 96,
    align: 'right',
    render: (_, t) => t.template_info.segments_info.length,
  },
  {
    title: 'Start',
    key: 'start',
    width: 96,
    align: 'right',
    render: (_, t) =>
      t.audio_asset_start_time_in_ms === null ? '—' : `${msToSeconds(t.audio_asset_start_time_in_ms).toFixed(2)} s`,
  },
  {
    title: 'Approval',
    key: 'approval',
    width: 120,
    render: (_, t) => <ApprovalState approved={t.template_meta.approved} />,
  },
  {
    title: 'Reel',
    key: 'reel',
    render: (_, t) => (
      <a href={buildPlatformReelUrl(t.code)} target="_blank" rel="noreferrer noopener">
        {t.code} <ExportOutlined />
      </a>
    ),
  },
];

/** /templates/?music_canonical_id=…&exclude_approved=true: the templates of one audio (a plain list behind the audio list's link). */
export function TemplatesScreen() {
  const [search] = useSearchParams();
  const musicId = search.get('music_canonical_id') ?? '';
  const excludeApproved = search.get('exclude_approved') === 'true';
  const isValidId = ID_PATTERN.test(musicId);
  const templates = useListTemplatesQuery(
    { music_canonical_id: musicId, ...(excludeApproved ? { exclude_approved: true } : {}) },
    { skip: !isValidId },
  );
  const { data, isFetching } = templates;
  const rows = (data ?? []).map((template, i) => ({ ...template, index: i + 1 }));

  return (
    <section data-testid="templates-screen">
      <Space align="baseline" size="middle">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          Templates
        </Typography.Title>
        {isValidId && (
          <Typography.Text type="secondary">
            audio <Link to={workspacePath(musicId)}>{musicId}</Link>
            {excludeApproved ? ', approved ones left out' : ''}
          </Typography.Text>
        )}
      </Space>
      <Table<TemplateRow>
        size="small"
        rowKey={(t) => t.template_info.template_clips_media_id}
        columns={COLUMNS}
        dataSource={rows}
        loading={isFetching}
        pagination={false}
        locale={{
          emptyText: (
            <ListEmpty
              text={isValidId ? 'No templates for this audio' : 'Open this list from an audio of the audio list'}
              query={templates}
            />
          ),
        }}
      />
    </section>
  );
}
