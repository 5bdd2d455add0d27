import {
  formatApprovedCounts,
  formatTemplatesFromSheet,
  SEGMENTS_STATS_SWITCH_LABELS,
  type SegmentStatsMode,
  shownData,
  useGetSegmentStatsQuery,
  useGetTemplatesCountQuery,
  useGetTemplatesFromReelsQuery,
} from '@curator/shared';
import { ListEmpty } from '@curator/shared/ui';
import { Radio, Space, Typography } from 'antd';

import { SegmentsFilters } from './components/segments-filters';
import { SegmentsTable } from './components/segments-table';
import { useSegmentsSearch } from './hooks/use-segments-search';
import { toSegmentStatsQuery } from './segments-search';

/** /segments/: templates per segment count, available or approved, with the sheet and approval totals. */
export function SegmentsScreen() {
  const { mode, filters, searchText, switchMode, applyFilters, clearFilters } = useSegmentsSearch();
  const stats = useGetSegmentStatsQuery(toSegmentStatsQuery(filters), { refetchOnMountOrArgChange: true });
  const { data: fromReels } = useGetTemplatesFromReelsQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data: counts } = useGetTemplatesCountQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section className="report-screen" data-testid="segments-screen">
      <Typography.Title level={4}>Segments</Typography.Title>
      <Space direction="vertical" size="small" className="segments-header">
        <Typography.Text data-testid="templates-from-sheet">
          {fromReels ? formatTemplatesFromSheet(fromReels.count, fromReels.count_discarded_hl_start) : ' '}
        </Typography.Text>
        <Typography.Text data-testid="approved-counts">
          {counts ? formatApprovedCounts(counts.approved, counts.beats_done, counts.templates_approved) : ' '}
        </Typography.Text>
      </Space>
      <Radio.Group
        className="segments-switch"
        optionType="button"
        buttonStyle="solid"
        value={mode}
        onChange={(e) => switchMode(e.target.value as SegmentStatsMode)}
        options={[
          { value: 'available', label: SEGMENTS_STATS_SWITCH_LABELS.available },
          { value: 'approved', label: SEGMENTS_STATS_SWITCH_LABELS.approved },
        ]}
      />
      <SegmentsFilters key={searchText} filters={filters} onFilter={applyFilters} onClear={clearFilters} />
      <SegmentsTable
        rows={shownData(stats) ?? []}
        mode={mode}
        loading={stats.isFetching && stats.currentData === undefined}
        empty={<ListEmpty text="No templates match these filters" query={stats} />}
      />
    </section>
  );
}
