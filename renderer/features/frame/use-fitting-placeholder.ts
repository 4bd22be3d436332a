/**
 * A placeholder that is never cut: the longest of `variants` whose text fits the field's inner width, measured
 * with the field's own font (a canvas), again whenever the field is resized (the header row wraps at 800 px).
 */
import { useEffect, useState, type RefObject } from 'react';

/** The longest fitting variant (the last, shortest one when none fits). */
export function useFittingPlaceholder(field: RefObject<HTMLInputElement | null>, variants: readonly string[]): string {
  const [chosen, setChosen] = useState(variants[0] ?? '');
  useEffect(() => {
    const input = field.current;
    const context = document.createElement('canvas').getContext('2d');
    if (input === null || context === null) return undefined;
    const fit = (): void => {
      const style = getComputedStyle(input);
      context.font = style.font;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      setChosen(variants.find((text) => context.measureText(text).width <= room) ?? variants.at(-1) ?? '');
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(input);
    return () => observer.disconnect();
  }, [field, variants]);
  return chosen;
}
