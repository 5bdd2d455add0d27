import { Route, Routes } from 'react-router-dom';

import { ScreenList } from '../features/screens/components/screen-list';
import { TagList } from '../features/tags/components/tag-list';
import { UserCreateScreen } from '../features/users/components/user-create-screen';
import { UserEditScreen } from '../features/users/components/user-edit-screen';
import { UserList } from '../features/users/components/user-list';

export function AdminRoutes() {
  return (
    <Routes>
      <Route path="/users/" element={<UserList />} />
      <Route path="/users/create/" element={<UserCreateScreen />} />
      <Route path="/users/:username/edit/" element={<UserEditScreen />} />
      <Route path="/tags/" element={<TagList />} />
      <Route path="/screens/" element={<ScreenList />} />
    </Routes>
  );
}
