import { CheckOutlined, CloseOutlined } from '@ant-design/icons';

/** The admin column's tick (admin) or cross (not admin). */
export function AdminFlag({ admin }: { admin: boolean }) {
  return admin ? (
    <CheckOutlined aria-label="admin" data-testid="admin-flag" data-admin="true" style={{ color: '#389e0d' }} />
  ) : (
    <CloseOutlined aria-label="not admin" data-testid="admin-flag" data-admin="false" style={{ color: '#cf1322' }} />
  );
}
