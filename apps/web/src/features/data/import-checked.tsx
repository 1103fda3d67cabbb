import type { Ref } from 'react';
import type { Checked } from './import-form.tsx';
import { importSummary } from './import-problems.ts';

/** What a checked file will do, read before the button that does it (it takes focus). */
export function ImportChecked({
  checked,
  projectName,
  ref,
}: {
  checked: Checked;
  projectName: string;
  ref: Ref<HTMLDivElement>;
}) {
  const { result } = checked;
  const foreign = 'source' in result ? result : null;
  const count = (n: number, one: string, many: string) =>
    n === 1 ? `1 ${one}` : `${n.toLocaleString('en')} ${many}`;
  return (
    <div className="data-settings__ready" role="status" tabIndex={-1} ref={ref}>
      <p>
        <strong>{checked.file.name}</strong>:{' '}
        {foreign && result.issues === 0
          ? 'every issue in this file was imported before. There is nothing new to add.'
          : importSummary(result.issues, projectName, true)}
        {foreign?.alreadyImported && result.issues > 0
          ? ` ${count(foreign.alreadyImported, 'issue was', 'issues were')} imported before and ${foreign.alreadyImported === 1 ? 'is' : 'are'} left as ${foreign.alreadyImported === 1 ? 'it is' : 'they are'}.`
          : null}
      </p>
      {foreign?.comments ? (
        <p>{count(foreign.comments, 'comment comes', 'comments come')} along.</p>
      ) : null}
      {result.newLabels.length ? <p>New labels: {result.newLabels.join(', ')}.</p> : null}
      {'ignoredColumns' in result && result.ignoredColumns.length ? (
        <p>Columns left out: {result.ignoredColumns.join(', ')}.</p>
      ) : null}
      {foreign && result.issues > 0 ? foreign.notes.map((note) => <p key={note}>{note}</p>) : null}
      {foreign && result.issues > 0 ? (
        <p>Check what each value becomes below, then import.</p>
      ) : null}
    </div>
  );
}
