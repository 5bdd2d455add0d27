import { AimOutlined, CaretRightOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';

export type TimePointActionsProps = {
  /** What the row is, in the buttons' accessible names: "play offset", "seek ending point", … */
  noun: string;
  canDelete: boolean;
  onPlay: () => void;
  onSeek: () => void;
  onDelete: () => void;
};

/** A time point's row buttons (play from it, seek to it, delete it); a click on them does not select the row. */
export function TimePointActions({ noun, canDelete, onPlay, onSeek, onDelete }: TimePointActionsProps) {
  return (
    <span className="row-actions" onClick={(e) => e.stopPropagation()}>
      <Button
        title="Play from here"
        size="small"
        type="text"
        aria-label={`play ${noun}`}
        icon={<CaretRightOutlined />}
        onClick={onPlay}
      />
      <Button
        title="Seek"
        size="small"
        type="text"
        aria-label={`seek ${noun}`}
        icon={<AimOutlined />}
        onClick={onSeek}
      />
      <Button
        title="Delete"
        size="small"
        type="text"
        danger
        aria-label={`delete ${noun}`}
        disabled={!canDelete}
        icon={<DeleteOutlined />}
        onClick={onDelete}
      />
    </span>
  );
}
