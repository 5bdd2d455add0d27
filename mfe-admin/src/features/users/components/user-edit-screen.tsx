import { useGetUserQuery, useUpdateUserMutation } from '@curator/shared';
import { describeRequestError } from '@curator/shared/kernel';
import { Skeleton, Typography } from 'antd';
import { useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';

import { RequestRefusal } from '../../../components/request-refusal';
import { UserForm, type UserFormValues } from './user-form';

// The spec names no text for an edit that gets no response; this matches the create form.
const EDIT_NO_RESPONSE_TEXT = 'Error';

/** /users/{username}/edit/: loads the user (admin only), saves with PUT, then back to the list. */
export function UserEditScreen() {
  const { username = '' } = useParams();
  const navigate = useNavigate();
  // The form starts from the user as the server holds them now: an answer this page had before (another admin may have
  // changed the user since) would be saved back whole, flag and all. It is drawn only once this visit's answer is in,
  // and not when that answer is a refusal (a user renamed or deleted since).
  const openedAt = useRef(Date.now());
  const {
    data: user,
    error: loadError,
    isLoading,
    fulfilledTimeStamp,
  } = useGetUserQuery(username, { refetchOnMountOrArgChange: true });
  const isFresh = user !== undefined && !loadError && (fulfilledTimeStamp ?? 0) >= openedAt.current;
  const [updateUser, { error, isLoading: isSaving }] = useUpdateUserMutation();

  const handleSubmit = async (values: UserFormValues) => {
    const result = await updateUser({ username, body: values });
    if (!('error' in result)) navigate('/users/');
  };

  return (
    <section data-testid="user-edit">
      <Typography.Title level={3}>Edit User</Typography.Title>
      {(isLoading || (user && !isFresh && !loadError)) && <Skeleton active paragraph={{ rows: 4 }} />}
      <RequestRefusal error={loadError} variant="result" />
      {isFresh && (
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
