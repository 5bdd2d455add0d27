import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';

export type BeatNameCellProps = {
  name: string;
  disabled: boolean;
  onActivate: () => void;
  /** False when the name is refused (the workspace says why): the editor stays open to mend it. */
  onRename: (name: string) => boolean;
};

/** A beat's name: click activates, double-click edits with confirm and cancel (docs/screens.md). */
export function BeatNameCell({ name, disabled, onActivate, onRename }: BeatNameCellProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [isRefused, setRefused] = useState(false);
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
  /** A refused name (blank, too long) keeps the editor open, marked. */
  function handleConfirm() {
    if (onRename(draft ?? '')) edit(null);
    else setRefused(true);
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
