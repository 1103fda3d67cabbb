import { Button } from './button.tsx';
import './segmented-control.css';

export interface SegmentedOption<T extends string | number> {
  value: T;
  label: string;
}

/**
 * A few mutually exclusive choices shown side by side (a zoom, a range, a measure): real buttons
 * with `aria-pressed`, in a group named by `label`.
 */
export function SegmentedControl<T extends string | number>({
  label,
  options,
  value,
  onChange,
  className,
}: {
  label: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <div
      className={['segmented-control', className].filter(Boolean).join(' ')}
      role="group"
      aria-label={label}
    >
      {options.map((option) => (
        <Button
          key={String(option.value)}
          size="sm"
          variant="ghost"
          className="segmented-control__option"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}
