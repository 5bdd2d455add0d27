import { Route, Routes } from 'react-router-dom';

import { WorkspaceScreen } from './workspace-screen';

export function WorkspaceRoutes() {
  return (
    <Routes>
      <Route path="/beats/:id/" element={<WorkspaceScreen />} />
    </Routes>
  );
}
