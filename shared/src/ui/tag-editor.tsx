import {
  normalizeTagList,
  SELECT_MENU_MAX_HEIGHT_PX,
  SELECT_PLACEHOLDER,
  useListTagsQuery,
  useTaggifyAudioMutation,
} from '@curator/shared';
import { useMemo, useState } from 'react';

import { AppSelect } from './app-select';

export type TagEditorProps = {
  /** Canonical music id of the audio whose tags are edited. */
  audioId: string;
  tags: readonly string[];
  width?: number;
  /**
   * Shows the tags as plain text until the pointer or the keyboard focus reaches the editor, then
   * the real select (focused when reached by keyboard). For long lists: every multiple select
   * measures its input on mount, which forces a layout of the whole page per row.
   */
  deferred?: boolean;
};

/** An audio's tags: picks from GET /api/tags/ or types new ones; every change is saved through taggify. */
export function TagEditor({ deferred = false, ...props }: TagEditorProps) {
  const [reached, setReached] = useState<'pointer' | 'focus' | null>(null);
  if (!deferred || reached) return <LiveTagEditor {...props} autoFocus={reached === 'focus'} />;
  const { tags, width = 220 } = props;
  return (
    <div
      className="tag-editor tag-editor-idle"
      role="combobox"
      aria-label="Tags"
      aria-expanded={false}
      tabIndex={0}
      style={{ width }}
      onPointerEnter={() => setReached('pointer')}
      onFocus={() => setReached('focus')}
    >
      {tags.length === 0 ? (
        <span className="tag-editor-idle-placeholder">{SELECT_PLACEHOLDER}</span>
      ) : (
        tags.map((tag) => (
          <span key={tag} className="tag-editor-idle-tag">
            {tag}
          </span>
        ))
      )}
    </div>
  );
}

function LiveTagEditor({
  audioId,
  tags,
  width = 220,
  autoFocus,
}: Omit<TagEditorProps, 'deferred'> & { autoFocus: boolean }) {
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
      autoFocus={autoFocus}
      maxTagCount="responsive"
      value={[...tags]}
      options={options}
      loading={isLoading}
      onChange={handleChange}
    />
  );
}
