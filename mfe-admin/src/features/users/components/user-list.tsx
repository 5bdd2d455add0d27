import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CREATE_USER_LABEL, useDeleteUserMutation, useGetUsersQuery, type User } from '@curator/shared';
import type { TableColumnsType } from 'antd';
import { Button, Flex, Table, Typography } from 'antd';
import { Link } from 'react-router-dom';

import { RequestRefusal } from '../../../components/request-refusal';
import { RouterLinkButton } from '../../../components/router-link-button';
import { confirmDelete } from '../../../lib/confirm-delete';
import { AdminFlag } from './admin-flag';

const editPath = (username: string) => `/users/${encodeURIComponent(username)}/edit/`;

/** /users/: every user with the admin flag, edit and delete, and the Create User link. */
export function UserList() {
  // Other admins change users too: the list is read again each time it opens (a cached one was shown for a minute).
  const { data: users, isLoading, error: loadError } = useGetUsersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [deleteUser, { error: deleteError, reset, isLoading: isDeleting, originalArgs }] = useDeleteUserMutation();

  const handleDelete = (username: string) => {
    if (!confirmDelete()) return;
    reset();
    void deleteUser(username);
  };

  const columns: TableColumnsType<User> = [
    // A name may be 150 characters long: it is cut short with its whole text on hover, and the other columns keep their place.
    { title: 'Username', dataIndex: 'username', key: 'username', ellipsis: true },
    {
      title: 'Admin',
      dataIndex: 'admin',
      key: 'admin',
      width: 100,
      align: 'center',
      render: (admin: boolean) => <AdminFlag admin={admin} />,
    },
    {
      title: 'Edit',
      key: 'edit',
      width: 100,
      render: (_, user) => (
        <Link to={editPath(user.username)} aria-label={`Edit ${user.username}`}>
          <EditOutlined /> Edit
        </Link>
      ),
    },
    {
      title: 'Delete',
      key: 'delete',
      width: 110,
      render: (_, user) => (
        <Button
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={`Delete ${user.username}`}
          loading={isDeleting && originalArgs === user.username}
          onClick={() => handleDelete(user.username)}
        >
          Delete
        </Button>
      ),
    },
  ];

  return (
    <section data-testid="user-list">
      <Flex justify="space-between" align="center">
        <Typography.Title level={3}>Users</Typography.Title>
        <RouterLinkButton to="/users/create/" type="primary" icon={<PlusOutlined />}>
          {CREATE_USER_LABEL}
        </RouterLinkButton>
      </Flex>
      <RequestRefusal error={deleteError} onClose={reset} />
      {loadError ? (
        <RequestRefusal error={loadError} variant="result" />
      ) : (
        <Table<User>
          rowKey="username"
          size="middle"
          columns={columns}
          dataSource={users}
          loading={isLoading}
          pagination={false}
          locale={{ emptyText: 'No users yet' }}
        />
      )}
    </section>
  );
}
