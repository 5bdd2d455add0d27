import { AimOutlined, CaretRightOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';

/** One button of a table row: its accessible name is "{verb} {noun}", its tooltip `title`. */
export type RowAction = {
  verb: string;
  title: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
};

/**
 * A table row's small icon buttons, then `children` (a link, say); a click on them does not reach the row
 * (which may select it).
 */
export function RowActions({ noun, actions, children }: { noun: string; actions: RowAction[]; children?: ReactNode }) {
  return (
    <span className="row-actions" onClick={(e) => e.stopPropagation()}>
      {actions.map(({ verb, ...action }) => (
        <Button key={verb} size="small" type="text" aria-label={`${verb} ${noun}`} {...action} />
      ))}
      {children}
    </span>
  );
}

export type TimePointActionsProps = {
  /** What the row is, in the buttons' accessible names: "play offset", "seek ending point", … */
  noun: string;
  canDelete: boolean;
  onPlay: () => void;
  onSeek: () => void;
  onDelete: () => void;
};

/** A time point's row buttons: play from it, seek to it, delete it. */
export function TimePointActions({ noun, canDelete, onPlay, onSeek, onDelete }: TimePointActionsProps) {
  return (
    <RowActions
      noun={noun}
      actions={[
        { verb: 'play', title: 'Play from here', icon: <CaretRightOutlined />, onClick: onPlay },
        { verb: 'seek', title: 'Seek', icon: <AimOutlined />, onClick: onSeek },
        {
          verb: 'delete',
          title: 'Delete',
          icon: <DeleteOutlined />,
          onClick: onDelete,
          danger: true,
          disabled: !canDelete,
        },
      ]}
    />
  );
}
