import { useGetUserQuery, useUpdateUserMutation } from '@curator/shared';
import { describeRequestError } from '@curator/shared/kernel';
import { Skeleton, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';

import { RequestRefusal } from '../../../components/request-refusal';
import { UserForm, type UserFormValues } from './user-form';

// The spec names no text for an edit that gets no response; this matches the create form.
const EDIT_NO_RESPONSE_TEXT = 'Error';

/** /users/{username}/edit/: loads the user (admin only), saves with PUT, then back to the list. */
export function UserEditScreen() {
  const { username = '' } = useParams();
  const navigate = useNavigate();
  const { data: user, error: loadError, isLoading } = useGetUserQuery(username, { refetchOnMountOrArgChange: true });
  const [updateUser, { error, isLoading: isSaving }] = useUpdateUserMutation();

  const handleSubmit = async (values: UserFormValues) => {
    const result = await updateUser({ username, body: values });
    if (!('error' in result)) navigate('/users/');
  };

  return (
    <section data-testid="user-edit">
      <Typography.Title level={3}>Edit User</Typography.Title>
      {isLoading && <Skeleton active paragraph={{ rows: 4 }} />}
      <RequestRefusal error={loadError} variant="result" />
      {user && (
        <UserForm
          key={user.username}
          mode="edit"
          initialValues={{ username: user.username, password: '', admin: user.admin }}
          isSaving={isSaving}
          errorLines={describeRequestError(error, EDIT_NO_RESPONSE_TEXT)}
          onSubmit={(values) => void handleSubmit(values)}
        />
      )}
    </section>
  );
}
