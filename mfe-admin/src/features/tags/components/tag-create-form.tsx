import { PlusOutlined } from '@ant-design/icons';
import { TAG_MAX_LENGTH, useCreateTagMutation } from '@curator/shared';
import { Button, Form, Input } from 'antd';

import { RequestRefusal } from '../../../components/request-refusal';

export const NEW_TAG_PLACEHOLDER = 'New tag';
export const CREATE_TAG_BUTTON = 'Create tag';

/** One-line form that creates a tag (admin only); the text is cleared once the server accepts it. */
export function TagCreateForm() {
  const [form] = Form.useForm<{ text: string }>();
  const [createTag, { error, isLoading, reset }] = useCreateTagMutation();

  const handleFinish = async ({ text }: { text: string }) => {
    const result = await createTag({ text: text.trim() });
    if (!('error' in result)) form.resetFields();
  };

  return (
    <div style={{ marginBottom: 16 }}>
      <Form form={form} layout="inline" onFinish={(values) => void handleFinish(values)} data-testid="tag-create-form">
        <Form.Item name="text" rules={[{ required: true, whitespace: true, message: 'Type a tag' }]}>
          <Input
            placeholder={NEW_TAG_PLACEHOLDER}
            aria-label={NEW_TAG_PLACEHOLDER}
            maxLength={TAG_MAX_LENGTH}
            style={{ width: 260 }}
            onChange={() => error && reset()}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={isLoading}>
            {CREATE_TAG_BUTTON}
          </Button>
        </Form.Item>
      </Form>
      <div style={{ marginTop: error ? 12 : 0 }}>
        <RequestRefusal error={error} onClose={reset} />
      </div>
    </div>
  );
}
