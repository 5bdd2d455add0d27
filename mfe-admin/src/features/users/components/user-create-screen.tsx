import { CREATE_USER_LABEL, CREATE_USER_NO_RESPONSE_TEXT, useCreateUserMutation } from '@curator/shared';
import { describeRequestError } from '@curator/shared/kernel';
import { Typography } from 'antd';
import { useNavigate } from 'react-router-dom';

import { UserForm, type UserFormValues } from './user-form';

/** /users/create/: on success back to the list; on failure the server's lines, or 'Error'. */
export function UserCreateScreen() {
  const navigate = useNavigate();
  const [createUser, { error, isLoading }] = useCreateUserMutation();

  const handleSubmit = async (values: UserFormValues) => {
    const result = await createUser(values);
    if (!('error' in result)) navigate('/users/');
  };

  return (
    <section data-testid="user-create">
      <Typography.Title level={3}>{CREATE_USER_LABEL}</Typography.Title>
      <UserForm
        mode="create"
        isSaving={isLoading}
        errorLines={describeRequestError(error, CREATE_USER_NO_RESPONSE_TEXT)}
        onSubmit={(values) => void handleSubmit(values)}
      />
    </section>
  );
}
