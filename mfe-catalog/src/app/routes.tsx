import { Route, Routes } from 'react-router-dom';

import { AudioListScreen } from '../features/audio-list/audio-list-screen';
import { TemplatesScreen } from '../features/templates/templates-screen';

export function CatalogRoutes() {
  return (
    <Routes>
      <Route path="/audios/" element={<AudioListScreen />} />
      <Route path="/templates/" element={<TemplatesScreen />} />
    </Routes>
  );
}
