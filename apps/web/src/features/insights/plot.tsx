import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useDarkScheme } from '../../shared/lib/use-dark-scheme.ts';

/** Reads a design token (`--color-accent`) as the chart's element sees it now. */
export type TokenReader = (name: string) => string;

/** A token's `#rrggbb` colour with some transparency, for areas drawn over the grid. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!hex) return color;
  const [r, g, b] = hex.slice(1).map((h) => parseInt(h, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** The axes' common look, in the theme's muted text and border colours. */
export function axisStyle(token: TokenReader) {
  const grid = { stroke: token('--color-border'), width: 1 };
  return {
    stroke: token('--color-text-muted'),
    grid,
    ticks: grid,
    font: '11px system-ui, sans-serif',
  };
}

/**
 * One uPlot chart (small, canvas; loaded only with the insights page): built from the theme's
 * tokens, drawn again when the scheme or the data changes, as wide as its container. The canvas
 * is hidden from screen readers: every chart has its figures in a table beside it.
 */
export function Plot({
  options,
  data,
  height,
  className,
}: {
  /** Memoised by the caller: a new function draws the chart anew. */
  options: (token: TokenReader) => Omit<Options, 'width' | 'height'>;
  data: AlignedData;
  height: number;
  className: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useDarkScheme();

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const css = getComputedStyle(target);
    const token: TokenReader = (name) => css.getPropertyValue(name).trim();
    const plot = new uPlot({ ...options(token), width: target.clientWidth, height }, data, target);
    const resize = new ResizeObserver(() => {
      if (target.clientWidth !== plot.width) plot.setSize({ width: target.clientWidth, height });
    });
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [options, data, height, dark]);

  return <div ref={box} className={className} style={{ minHeight: height }} aria-hidden="true" />;
}
