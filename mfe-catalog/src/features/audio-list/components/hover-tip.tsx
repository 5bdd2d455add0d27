import { Tooltip } from 'antd';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How long the pointer rests on the content before the tooltip shows: antd's own delay. */
const REST_MS = 100;

type HoverTipProps = { title: ReactNode; children: ReactNode };

/**
 * antd's Tooltip, mounted only once the pointer rests on its content or the keyboard focus reaches
 * it (then shown at once): a page of rows holds hundreds of them, and each mounted one costs a
 * trigger, its listeners and a measure of its target. A pointer passing over rows while the page
 * scrolls mounts none.
 * Mounting it mounts the content again, so it never happens while a pointer presses: a press starting
 * before the tooltip is due (within REST_MS of arriving) ends on the same link it started on, and
 * clicks it. Only keyboard focus (:focus-visible) mounts it on focus; a press's focus does not.
 */
export function HoverTip({ title, children }: HoverTipProps) {
  const [reached, setReached] = useState<'pointer' | 'focus' | null>(null);
  const ref = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The content is mounted again inside the Tooltip: focus goes back where it was.
  useLayoutEffect(() => {
    if (reached === 'focus') ref.current?.querySelector<HTMLElement>('a, button, [tabindex]')?.focus();
  }, [reached]);
  if (reached)
    return (
      <Tooltip title={title} defaultOpen>
        <span ref={ref} className="hover-tip">
          {children}
        </span>
      </Tooltip>
    );
  return (
    <span
      className="hover-tip"
      onPointerEnter={() => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setReached('pointer'), REST_MS);
      }}
      onPointerLeave={() => clearTimeout(timer.current)}
      onPointerDown={() => clearTimeout(timer.current)}
      onFocus={(event) => {
        if (event.target.matches(':focus-visible')) setReached('focus');
      }}
    >
      {children}
    </span>
  );
}
