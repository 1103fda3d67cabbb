import { SegmentedControl } from '../../shared/ui/segmented-control.tsx';
import type { Zoom } from './time-scale.ts';

const ZOOMS: { value: Zoom; label: string }[] = [
  { value: 'months', label: 'Months' },
  { value: 'quarters', label: 'Quarters' },
];

/** Months or quarters. */
export function ZoomSwitch({ zoom, onChange }: { zoom: Zoom; onChange: (zoom: Zoom) => void }) {
  return <SegmentedControl label="Zoom" options={ZOOMS} value={zoom} onChange={onChange} />;
}
