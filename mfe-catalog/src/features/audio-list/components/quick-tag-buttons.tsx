import { hasTag, QUICK_TAGS, toggleTag, useTaggifyAudioMutation } from '@curator/shared';

/**
 * The 'bad', 'inside app' and 'discovery app' toggles of one audio; a tag that is on shows red.
 * Plain buttons drawn like antd's small ones (audio-list.css): a page holds 300 of them, and each
 * antd Button brings its wave effect, loading motion and style hooks to every row's first render.
 */
export function QuickTagButtons({ audioId, tags }: { audioId: string; tags: string[] }) {
  const [taggifyAudio] = useTaggifyAudioMutation();
  return (
    <div className="quick-tags">
      {QUICK_TAGS.map((tag) => {
        const isOn = hasTag(tags, tag);
        return (
          <button
            key={tag}
            type="button"
            className={isOn ? 'quick-tag quick-tag-on' : 'quick-tag'}
            aria-pressed={isOn}
            onClick={() => void taggifyAudio({ id: audioId, tags: toggleTag(tags, tag) })}
          >
            {tag}
          </button>
        );
      })}
    </div>
  );
}
