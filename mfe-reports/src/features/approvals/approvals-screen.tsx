import { type ApprovalRow, shownData, useListApprovalsQuery, useUnapproveMutation } from '@curator/shared';
import { ListEmpty, Pager } from '@curator/shared/ui';
import { Flex, Typography } from 'antd';
import { useRef } from 'react';

import { ApprovalPlayer } from './components/approval-player';
import { ApprovalTagFilter } from './components/approval-tag-filter';
import { approvalKey, ApprovalsTable } from './components/approvals-table';
import { useApprovalPlayer } from './hooks/use-approval-player';
import { useApprovalsSearch } from './hooks/use-approvals-search';

/** /approvals/: approved templates and done beats, newest first, with a player and unapprove (docs/screens.md). */
export function ApprovalsScreen() {
  const { tags, skip, setTags, goToSkip } = useApprovalsSearch();
  const approvals = useListApprovalsQuery({ skip, tags }, { refetchOnMountOrArgChange: true });
  const { currentData, isFetching } = approvals;
  const data = shownData(approvals);
  const [unapprove, { isLoading: isRemoving, originalArgs }] = useUnapproveMutation();
  const containerRef = useRef<HTMLDivElement>(null);
  const player = useApprovalPlayer(containerRef);
  const rows = data?.results ?? [];

  const handleUnapprove = (row: ApprovalRow) => {
    if (player.selection && approvalKey(player.selection) === approvalKey(row)) player.clear();
    void unapprove(row);
  };

  return (
    <section className="report-screen" data-testid="approvals-screen">
      <Typography.Title level={4}>Approvals</Typography.Title>
      <ApprovalPlayer
        containerRef={containerRef}
        detail={player.detail}
        markers={player.markers}
        waveform={player.waveform}
        isLoading={player.isLoading}
        hasNoMedia={player.hasNoMedia}
        onPlayRange={player.playRange}
      />
      <Flex justify="space-between" align="end" wrap gap="small" className="report-toolbar">
        <ApprovalTagFilter tags={tags} onChange={setTags} />
        <Pager skip={skip} pageLength={rows.length} total={currentData?.total ?? data?.total} onSkip={goToSkip} />
      </Flex>
      <ApprovalsTable
        rows={rows}
        loading={isFetching && currentData === undefined}
        empty={<ListEmpty text="No approvals" query={approvals} />}
        selectedKey={player.selection ? approvalKey(player.selection) : null}
        removingKey={isRemoving && originalArgs ? approvalKey(originalArgs) : null}
        onSelect={player.load}
        onPlay={player.loadAndPlay}
        onUnapprove={handleUnapprove}
      />
    </section>
  );
}
