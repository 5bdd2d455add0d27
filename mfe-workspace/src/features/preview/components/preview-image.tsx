import { pickPreviewImage } from '@curator/shared';

import { usePreloadedImages } from '../hooks/use-preloaded-images';

export type PreviewImageProps = { imageUrls: readonly string[]; segmentIndex: number };

/** The beat image of the segment under the playhead: images[index % count]. */
export function PreviewImage({ imageUrls, segmentIndex }: PreviewImageProps) {
  usePreloadedImages(imageUrls);
  const url = pickPreviewImage(imageUrls, segmentIndex) ?? imageUrls[0] ?? null;
  return (
    <div className="preview" data-testid="preview" data-segment-index={segmentIndex}>
      {url ? (
        <img src={url} alt={`segment ${segmentIndex + 1}`} data-testid="preview-image" />
      ) : (
        <span className="muted">no images</span>
      )}
    </div>
  );
}
