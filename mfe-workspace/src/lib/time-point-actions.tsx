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
  const buttons = [
    { title: 'Play from here', verb: 'play', icon: <CaretRightOutlined />, onClick: onPlay },
    { title: 'Seek', verb: 'seek', icon: <AimOutlined />, onClick: onSeek },
    {
      title: 'Delete',
      verb: 'delete',
      icon: <DeleteOutlined />,
      onClick: onDelete,
      danger: true,
      disabled: !canDelete,
    },
  ];
  return (
    <span className="row-actions" onClick={(e) => e.stopPropagation()}>
      {buttons.map(({ verb, ...button }) => (
        <Button key={verb} size="small" type="text" aria-label={`${verb} ${noun}`} {...button} />
      ))}
    </span>
  );
}
