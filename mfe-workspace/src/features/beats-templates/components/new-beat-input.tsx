import { PlusOutlined } from '@ant-design/icons';
import { NEW_BEAT_NAME_PLACEHOLDER } from '@curator/shared';
import { Button, Input, Space } from 'antd';
import { useRef, useState } from 'react';

/**
 * New beat: a typed name, or empty for beat#N; Enter or the button creates it. The text goes once the beat is made
 * (a refused name stays to be mended), and a second press while one create is on its way makes nothing.
 */
export function NewBeatInput({
  disabled,
  onCreate,
}: {
  disabled: boolean;
  onCreate: (typedName: string) => Promise<boolean>;
}) {
  const [name, setName] = useState('');
  const [isCreating, setCreating] = useState(false);
  const pending = useRef(false);
  async function handleCreate() {
    if (pending.current) return;
    pending.current = true;
    setCreating(true);
    try {
      if (await onCreate(name)) setName('');
    } finally {
      pending.current = false;
      setCreating(false);
    }
  }
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        size="small"
        aria-label="New beat name"
        placeholder={NEW_BEAT_NAME_PLACEHOLDER}
        value={name}
        disabled={disabled}
        onChange={(e) => setName(e.target.value)}
        onPressEnter={() => void handleCreate()}
      />
      <Button
        size="small"
        type="primary"
        icon={<PlusOutlined />}
        disabled={disabled}
        loading={isCreating}
        onClick={() => void handleCreate()}
      >
        Create
      </Button>
    </Space.Compact>
  );
}
