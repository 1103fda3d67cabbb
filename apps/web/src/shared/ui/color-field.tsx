import { useId } from 'react';
import './color-field.css';

export interface ColorFieldProps {
  label: string;
  value: string;
  /** The colours offered; the current value is offered too when it is not among them. */
  palette: readonly string[];
  onChange: (color: string) => void;
  error?: string | null | undefined;
}

/**
 * A colour picked from a small palette: a radio group, so arrow keys move between swatches and
 * each swatch has a name screen readers can read (its hex code).
 */
export function ColorField({ label, value, palette, onChange, error }: ColorFieldProps) {
  const name = useId();
  const errorId = `${name}-error`;
  const upper = value.toUpperCase();
  const options =
    palette.some((c) => c.toUpperCase() === upper) || !value ? palette : [...palette, value];
  return (
    <fieldset
      className="color-field"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field__label">{label}</legend>
      <div className="color-field__swatches">
        {options.map((color) => (
          <label key={color} className="color-field__swatch" style={{ background: color }}>
            <input
              type="radio"
              name={name}
              value={color}
              checked={color.toUpperCase() === upper}
              onChange={() => onChange(color)}
              aria-label={color.toUpperCase()}
            />
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
