import { Button } from '../../shared/ui/button.tsx';
import type { Zoom } from './time-scale.ts';

const ZOOMS: { value: Zoom; label: string }[] = [
  { value: 'months', label: 'Months' },
  { value: 'quarters', label: 'Quarters' },
];

/** Months or quarters: two pressed-or-not buttons, as a segmented control. */
export function ZoomSwitch({ zoom, onChange }: { zoom: Zoom; onChange: (zoom: Zoom) => void }) {
  return (
    <div className="zoom-switch" role="group" aria-label="Zoom">
      {ZOOMS.map(({ value, label }) => (
        <Button
          key={value}
          size="sm"
          variant="ghost"
          className="zoom-switch__option"
          aria-pressed={zoom === value}
          onClick={() => onChange(value)}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}
