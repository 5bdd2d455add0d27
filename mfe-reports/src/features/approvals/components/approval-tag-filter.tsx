import { SELECT_MENU_MAX_HEIGHT_PX, SELECT_PLACEHOLDER, useListTagsQuery } from '@curator/shared';
import { AppSelect } from '@curator/shared/ui';
import { useMemo } from 'react';

type ApprovalTagFilterProps = { tags: string[]; onChange: (tags: string[]) => void };

/** Keeps rows whose audio carries every chosen tag. */
export function ApprovalTagFilter({ tags, onChange }: ApprovalTagFilterProps) {
  const { data } = useListTagsQuery();
  const options = useMemo(() => (data ?? []).map((tag) => ({ value: tag.text, label: tag.text })), [data]);
  return (
    <label className="report-field">
      <span>Tags</span>
      <AppSelect
        mode="multiple"
        aria-label="Tag filter"
        style={{ minWidth: 260 }}
        placeholder={SELECT_PLACEHOLDER}
        listHeight={SELECT_MENU_MAX_HEIGHT_PX}
        options={options}
        value={tags}
        onChange={onChange}
        allowClear
      />
    </label>
  );
}
