import { ADMIN_LABEL, PASSWORD_LABEL, SAVE_BUTTON, USERNAME_LABEL } from '@curator/shared';
import { ErrorLines } from '@curator/shared/ui';
import { Button, Checkbox, Form, Input } from 'antd';

export type UserFormValues = { username: string; password: string; admin: boolean };

const EMPTY_VALUES: UserFormValues = { username: '', password: '', admin: false };

/**
 * Username, Password, Admin, Save (docs/screens.md). Creating needs a password; editing does not, and a
 * blank password keeps the current one (docs/rules.md).
 */
export function UserForm({
  mode,
  initialValues = EMPTY_VALUES,
  isSaving,
  errorLines,
  onSubmit,
}: {
  mode: 'create' | 'edit';
  initialValues?: UserFormValues;
  isSaving: boolean;
  /** The server's answer to the last Save, one line each. */
  errorLines: string[];
  onSubmit: (values: UserFormValues) => void;
}) {
  const isCreate = mode === 'create';
  return (
    <Form<UserFormValues>
      layout="vertical"
      style={{ maxWidth: 420 }}
      initialValues={initialValues}
      onFinish={(values) => onSubmit({ ...values, password: values.password ?? '', admin: Boolean(values.admin) })}
      requiredMark={false}
      data-testid="user-form"
    >
      <Form.Item
        label={USERNAME_LABEL}
        name="username"
        rules={[{ required: true, whitespace: true, message: `${USERNAME_LABEL} is required` }]}
      >
        <Input autoComplete="off" autoFocus={isCreate} />
      </Form.Item>
      <Form.Item
        label={PASSWORD_LABEL}
        name="password"
        rules={isCreate ? [{ required: true, message: `${PASSWORD_LABEL} is required` }] : []}
        extra={isCreate ? undefined : 'Leave blank to keep the current password.'}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="admin" valuePropName="checked">
        <Checkbox>{ADMIN_LABEL}</Checkbox>
      </Form.Item>
      <ErrorLines lines={errorLines} />
      <Form.Item style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={isSaving}>
          {SAVE_BUTTON}
        </Button>
      </Form.Item>
    </Form>
  );
}
