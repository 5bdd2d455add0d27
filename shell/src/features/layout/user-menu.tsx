import { UserOutlined } from '@ant-design/icons';
import { SCREENS_LABEL, SIGN_OUT_FAILED_TEXT, SIGN_OUT_LABEL, useAppDispatch } from '@curator/shared';
import { baseApi, statusOf, toastPushed, useGetMeQuery, useLogoutMutation } from '@curator/shared/kernel';
import { Button, Dropdown } from 'antd';
import { useNavigate } from 'react-router-dom';

import { announceSignOut } from '../auth/session-channel';

/** Shows who is logged in and offers Sign out. */
export function UserMenu() {
  const { data: me } = useGetMeQuery();
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const handleSignOut = async () => {
    const answer = await logout();
    // No answer, or a server error: the session may well be live, and a login page would send the user straight back.
    // A 401 means it has ended already.
    if ('error' in answer && statusOf(answer.error) !== 401) {
      dispatch(toastPushed('error', SIGN_OUT_FAILED_TEXT));
      return;
    }
    announceSignOut();
    dispatch(baseApi.util.resetApiState());
    navigate('/login/', { replace: true });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          // Which build each screen serves (an admin page of the admin screen; not in the spec's nav).
          ...(me?.admin ? [{ key: 'screens', label: SCREENS_LABEL, onClick: () => navigate('/screens/') }] : []),
          { key: 'sign-out', label: SIGN_OUT_LABEL, onClick: () => void handleSignOut() },
        ],
      }}
    >
      <Button
        type="text"
        icon={<UserOutlined />}
        style={{ color: '#fff' }}
        className="shell-user-menu"
        title={me?.username}
        data-testid="user-menu"
      >
        {me?.username}
      </Button>
    </Dropdown>
  );
}
