import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { formatLockedBy, UNLOCK_BUTTON } from '@curator/shared';
import { Button, Tag, Tooltip } from 'antd';

import type { AudioLock } from '../hooks/use-audio-lock';

/** 'Locked by {user}' with Unlock while someone else holds the audio; a quiet mark while I hold it or take it. */
export function LockStatus({ lock }: { lock: AudioLock }) {
  if (lock.isHeldByMe) {
    return (
      <Tooltip title="You are editing this audio; others see it locked">
        <Tag icon={<LockOutlined />} color="green" data-testid="lock-state">
          editing
        </Tag>
      </Tooltip>
    );
  }
  // Nobody holds it, and this editor is taking it (once its waveform is ready): it writes nothing until then.
  if (!lock.lockedBy)
    return (
      <Tag icon={<UnlockOutlined />} data-testid="lock-state">
        taking the lock
      </Tag>
    );
  return (
    <span className="lock-status" data-testid="lock-state">
      <Tag icon={<LockOutlined />} color="red">
        {formatLockedBy(lock.lockedBy)}
      </Tag>
      <Button size="small" danger onClick={() => void lock.takeOver()}>
        {UNLOCK_BUTTON}
      </Button>
    </span>
  );
}
