import { LockFilled, UnlockOutlined } from '@ant-design/icons';
import { formatLockedBy } from '@curator/shared';

import { HoverTip } from './hover-tip';

/** Locked (red padlock, tooltip names the holder) or unlocked (grey open padlock). */
export function LockStateIcon({ locked, lockedBy }: { locked: boolean; lockedBy: string | null }) {
  return locked ? (
    <HoverTip title={formatLockedBy(lockedBy ?? 'someone')}>
      <LockFilled className="lock-icon lock-icon-on" aria-label="locked" />
    </HoverTip>
  ) : (
    <HoverTip title="Unlocked">
      <UnlockOutlined className="lock-icon" aria-label="unlocked" />
    </HoverTip>
  );
}
