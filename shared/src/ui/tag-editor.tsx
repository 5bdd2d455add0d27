import {
  normalizeTagList,
  SELECT_MENU_MAX_HEIGHT_PX,
  SELECT_PLACEHOLDER,
  useListTagsQuery,
  useTaggifyAudioMutation,
} from '@curator/shared';
import { useMemo } from 'react';

import { AppSelect } from './app-select';

export type TagEditorProps = {
  /** Canonical music id of the audio whose tags are edited. */
  audioId: string;
  tags: readonly string[];
  width?: number;
};

/** An audio's tags: picks from GET /api/tags/ or types new ones; every change is saved through taggify. */
export function TagEditor({ audioId, tags, width = 220 }: TagEditorProps) {
  const { data: knownTags } = useListTagsQuery();
  const [taggifyAudio, { isLoading }] = useTaggifyAudioMutation();
  const options = useMemo(() => (knownTags ?? []).map((tag) => ({ value: tag.text, label: tag.text })), [knownTags]);

  function handleChange(values: string[]) {
    void taggifyAudio({ id: audioId, tags: normalizeTagList(values) });
  }

  return (
    <AppSelect
      mode="tags"
      size="small"
      aria-label="Tags"
      className="tag-editor"
      style={{ width }}
      placeholder={SELECT_PLACEHOLDER}
      listHeight={SELECT_MENU_MAX_HEIGHT_PX}
      maxTagCount="responsive"
      value={[...tags]}
      options={options}
      loading={isLoading}
      onChange={handleChange}
    />
  );
}
