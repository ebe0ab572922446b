import { useEffect, useLayoutEffect, useRef, type MouseEvent } from 'react';
import { DESK } from '@common/constants';
import { Button, type ButtonProps } from '@web/components/ui';

/**
 * An action button that ignores pointer clicks for DESK.freshActionGuardMs after it appeared or
 * moved: when a card leaves a column the next card's button slides under the pointer, and a
 * second click meant for the first card must not act on another request. Position is taken
 * from offsetTop/offsetLeft, which scrolling does not change; keyboard presses (detail 0) are
 * never ignored, since focus tells the user exactly which button acts. `data-armed` says whether
 * a click counts now (set on the element directly, so arming costs no render).
 */
export function GuardedButton({ onClick, ...props }: ButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const place = useRef<string | null>(null);
  const movedAt = useRef(0);
  const arming = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(arming.current), []);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let top = 0;
    let left = 0;
    for (let node: HTMLElement | null = el; node; node = node.offsetParent as HTMLElement | null) {
      top += node.offsetTop;
      left += node.offsetLeft;
    }
    const now = `${top}:${left}`;
    if (now !== place.current) {
      place.current = now;
      movedAt.current = performance.now();
      el.dataset.armed = 'false';
      clearTimeout(arming.current);
      arming.current = setTimeout(() => {
        if (ref.current) ref.current.dataset.armed = 'true';
      }, DESK.freshActionGuardMs);
    }
  });
  const guarded = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.detail > 0 && performance.now() - movedAt.current < DESK.freshActionGuardMs) return;
    onClick?.(event);
  };
  return <Button ref={ref} onClick={guarded} data-fresh-guard="" {...props} />;
}
