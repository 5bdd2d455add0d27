import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
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
  if (draft === null) {
    return (
      <span
        className="beat-name"
        role="button"
        tabIndex={-1}
        onClick={onActivate}
        onDoubleClick={() => {
          if (!disabled) setDraft(name);
        }}
      >
        {name}
      </span>
    );
  }
  function handleConfirm() {
    const text = (draft ?? '').trim();
    if (text !== '' && text !== name) onRename(text);
    setDraft(null);
  }
  return (
    <Space.Compact size="small" onClick={(e) => e.stopPropagation()}>
      <Input
        size="small"
        aria-label="Beat name"
        autoFocus
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onPressEnter={handleConfirm}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setDraft(null);
        }}
      />
      <Button size="small" aria-label="Confirm name" icon={<CheckOutlined />} onClick={handleConfirm} />
      <Button size="small" aria-label="Cancel rename" icon={<CloseOutlined />} onClick={() => setDraft(null)} />
    </Space.Compact>
  );
}
