import { hasTag, QUICK_TAGS, toggleTag, useTaggifyAudioMutation } from '@curator/shared';
import { Button } from 'antd';

/** The 'bad', 'inside app' and 'discovery app' toggles of one audio; a tag that is on shows red. */
export function QuickTagButtons({ audioId, tags }: { audioId: string; tags: string[] }) {
  const [taggifyAudio] = useTaggifyAudioMutation();
  return (
    <div className="quick-tags">
      {QUICK_TAGS.map((tag) => {
        const isOn = hasTag(tags, tag);
        return (
          <Button
            key={tag}
            size="small"
            type={isOn ? 'primary' : 'default'}
            danger={isOn}
            aria-pressed={isOn}
            onClick={() => void taggifyAudio({ id: audioId, tags: toggleTag(tags, tag) })}
          >
            {tag}
          </Button>
        );
      })}
    </div>
  );
}
