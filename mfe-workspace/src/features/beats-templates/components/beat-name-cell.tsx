import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { NameSchema, useAppDispatch } from '@curator/shared';
import { toastPushed } from '@curator/shared/kernel';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';

export type BeatNameCellProps = {
  name: string;
  disabled: boolean;
  onActivate: () => void;
  onRename: (name: string) => void;
};

/** A beat's name: click activates, double-click edits with confirm and cancel (docs/screens.md). */
export function BeatNameCell({ name, disabled, onActivate, onRename }: BeatNameCellProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [isRefused, setRefused] = useState(false);
  const dispatch = useAppDispatch();
  if (draft === null) {
    return (
      <span
        className="beat-name"
        role="button"
        tabIndex={-1}
        onClick={onActivate}
        onDoubleClick={() => {
          if (!disabled) edit(name);
        }}
      >
        {name}
      </span>
    );
  }
  function edit(text: string | null) {
    setDraft(text);
    setRefused(false);
  }
  /** A name the server would refuse (blank, too long) keeps the editor open and says why, as the server would. */
  function handleConfirm() {
    const checked = NameSchema.safeParse(draft ?? '');
    if (!checked.success) {
      setRefused(true);
      dispatch(toastPushed('error', checked.error.issues[0].message));
      return;
    }
    if (checked.data !== name) onRename(checked.data);
    edit(null);
  }
  return (
    <Space.Compact size="small" onClick={(e) => e.stopPropagation()}>
      <Input
        size="small"
        aria-label="Beat name"
        autoFocus
        value={draft}
        status={isRefused ? 'error' : undefined}
        onChange={(e) => edit(e.target.value)}
        onPressEnter={handleConfirm}
        onKeyDown={(e) => {
          if (e.key === 'Escape') edit(null);
        }}
      />
      <Button size="small" aria-label="Confirm name" icon={<CheckOutlined />} onClick={handleConfirm} />
      <Button size="small" aria-label="Cancel rename" icon={<CloseOutlined />} onClick={() => edit(null)} />
    </Space.Compact>
  );
}
