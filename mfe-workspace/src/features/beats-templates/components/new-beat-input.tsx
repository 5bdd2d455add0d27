import { PlusOutlined } from '@ant-design/icons';
import { NEW_BEAT_NAME_PLACEHOLDER } from '@curator/shared';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';

/** New beat: a typed name, or empty for beat#N; Enter or the button creates it. */
export function NewBeatInput({ disabled, onCreate }: { disabled: boolean; onCreate: (typedName: string) => void }) {
  const [name, setName] = useState('');
  function handleCreate() {
    onCreate(name);
    setName('');
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
        onPressEnter={handleCreate}
      />
      <Button size="small" type="primary" icon={<PlusOutlined />} disabled={disabled} onClick={handleCreate}>
        Create
      </Button>
    </Space.Compact>
  );
}
