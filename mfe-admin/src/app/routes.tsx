import { Route, Routes } from 'react-router-dom';
import { PlaceholderScreen } from '@curator/shared';

export function AdminRoutes() {
  return (
    <Routes>
      <Route path="/users/" element={<PlaceholderScreen title="Users" />} />
      <Route path="/users/create/" element={<PlaceholderScreen title="Create User" />} />
      <Route path="/users/:username/edit/" element={<PlaceholderScreen title="Edit User" />} />
      <Route path="/tags/" element={<PlaceholderScreen title="Tags" />} />
    </Routes>
  );
}
