import { type AudioUsageRow, shownData, useListAudioUsageQuery, workspacePath } from '@curator/shared';
import { ListEmpty, Pager, TagEditor } from '@curator/shared/ui';
import type { TableColumnsType } from 'antd';
import { Flex, Table, Typography } from 'antd';
import { Link } from 'react-router-dom';

import { UsageFilters } from './components/usage-filters';
import { useUsageSearch } from './hooks/use-usage-search';
import { toTakenAtWindow } from './usage-window';

const COLUMNS: TableColumnsType<AudioUsageRow> = [
  {
    title: 'Audio',
    key: 'audio',
    render: (_, row) => <Link to={workspacePath(row.id)}>{row.audio_name}</Link>,
  },
  { title: 'Artist', dataIndex: 'artist_name', key: 'artist' },
  { title: 'Usage count', dataIndex: 'usage_count', key: 'usage_count', width: 130, align: 'right' },
  {
    title: 'Tags',
    key: 'tags',
    width: 260,
    render: (_, row) => <TagEditor audioId={row.id} tags={row.tags} width={240} />,
  },
];

/** /audio-usage/: reels taken within the window, per audio, most used first (docs/screens.md). */
export function AudioUsageScreen() {
  const { days, skip, searchText, applyWindow, goToSkip, clearWindow } = useUsageSearch();
  const usage = useListAudioUsageQuery({ ...toTakenAtWindow(days), skip });
  const { currentData, isFetching } = usage;
  const rows = shownData(usage) ?? [];
  return (
    <section className="report-screen" data-testid="audio-usage-screen">
      <Typography.Title level={4}>Audio Usage</Typography.Title>
      <Flex justify="space-between" align="end" wrap gap="small">
        <UsageFilters key={searchText} days={days} onFilter={applyWindow} onClear={clearWindow} />
        <Pager skip={skip} pageLength={rows.length} showTotal={false} onSkip={goToSkip} />
      </Flex>
      <div data-testid="usage-table">
        <Table<AudioUsageRow>
          size="small"
          rowKey="id"
          columns={COLUMNS}
          dataSource={rows}
          loading={isFetching && currentData === undefined}
          pagination={false}
          locale={{ emptyText: <ListEmpty text="No reels taken in this window" query={usage} /> }}
        />
      </div>
      <Flex justify="flex-end" className="report-pager-row">
        <Pager skip={skip} pageLength={rows.length} showTotal={false} onSkip={goToSkip} />
      </Flex>
    </section>
  );
}
