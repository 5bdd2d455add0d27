import { DeleteOutlined } from '@ant-design/icons';
import { type Tag, useDeleteTagMutation, useListTagsQuery } from '@curator/shared';
import type { TableColumnsType } from 'antd';
import { Button, Table, Typography } from 'antd';

import { RequestRefusal } from '../../../components/request-refusal';
import { confirmDelete } from '../../../lib/confirm-delete';
import { formatDateTime } from '../../../lib/format-date-time';
import { TagCreateForm } from './tag-create-form';

/** /tags/: tag text, used count, count updated at, created at, delete; and the create form. */
export function TagList() {
  const { data: tags, isLoading, error: loadError } = useListTagsQuery();
  const [deleteTag, { error: deleteError, reset, isLoading: isDeleting, originalArgs }] = useDeleteTagMutation();

  const handleDelete = (text: string) => {
    if (!confirmDelete()) return;
    reset();
    void deleteTag(text);
  };

  const columns: TableColumnsType<Tag> = [
    { title: 'Tag', dataIndex: 'text', key: 'text' },
    { title: 'Used count', dataIndex: 'used_count', key: 'used_count', width: 130, align: 'right' },
    { title: 'Count updated at', dataIndex: 'updated_at', key: 'updated_at', width: 180, render: formatDateTime },
    { title: 'Created at', dataIndex: 'created_at', key: 'created_at', width: 180, render: formatDateTime },
    {
      title: 'Delete',
      key: 'delete',
      width: 110,
      render: (_, tag) => (
        <Button
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={`Delete ${tag.text}`}
          loading={isDeleting && originalArgs === tag.text}
          onClick={() => handleDelete(tag.text)}
        >
          Delete
        </Button>
      ),
    },
  ];

  return (
    <section data-testid="tag-list">
      <Typography.Title level={3}>Tags</Typography.Title>
      <TagCreateForm />
      <RequestRefusal error={deleteError} onClose={reset} />
      {loadError ? (
        <RequestRefusal error={loadError} variant="result" />
      ) : (
        <Table<Tag>
          rowKey="text"
          size="middle"
          columns={columns}
          dataSource={tags}
          loading={isLoading}
          pagination={false}
          locale={{ emptyText: 'No tags yet' }}
        />
      )}
    </section>
  );
}
