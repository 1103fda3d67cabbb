import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  can,
  errorMessage,
  IMPORT_COLUMNS,
  importIssuesResponseSchema,
  LIMITS,
  type FieldError,
  type ImportIssuesResponse,
} from '@keel/domain';
import { call } from '../../shared/lib/api-call.ts';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FormActions, FormError } from '../../shared/ui/form-actions.tsx';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useProjects } from '../../data/use-docs.ts';
import { useSyncStatus } from '../../data/use-sync-status.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { describeImportProblem, importFailure, importSummary } from './import-problems.ts';
import './data-settings.css';

interface Checked {
  file: File;
  csv: string;
  projectId: string;
  result: ImportIssuesResponse;
}

/**
 * `/:ws/settings/data`: export the workspace (any member: it is what they can read) and import
 * issues from a CSV file (those who may create issues). An import is checked first (a dry run on
 * the server, which holds the rules and the numbering), and only a file without problems is
 * offered for import. Both need the server: the device's copy cannot number issues in bulk.
 */
export function DataSettingsPage() {
  useDocumentTitle('Import and export');
  const { slug, role } = useWorkspace();
  const projects = useProjects().filter((p) => !p.archivedAt);
  const [projectId, setProjectId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<FieldError[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [busy, setBusy] = useState(false);
  // A new file field after an import: the browser keeps showing the last file's name otherwise.
  const [fileField, setFileField] = useState(0);
  const fileHint = useId();
  const summary = useRef<HTMLDivElement>(null);
  const chosenProject = projectId || projects[0]?._id || '';
  const projectName = (id: string) => projects.find((p) => p._id === id)?.name ?? 'the project';
  const base = `/api/workspaces/${encodeURIComponent(slug)}`;
  const offline = useSyncStatus().kind === 'offline';

  const send = async (body: { projectId: string; csv: string; dryRun: boolean }) => {
    setBusy(true);
    const result = await call(`${base}/import`, importIssuesResponseSchema, {
      method: 'POST',
      body,
    });
    setBusy(false);
    if (result.ok) return result.value;
    if (result.code === 'VALIDATION_FAILED' && result.errors.length) setProblems(result.errors);
    else setFormError(importFailure(result.code, result.message, result.errors));
    return null;
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    setFormError(null);
    setChecked(null);
    if (!file) return setFormError('Choose a CSV file');
    // The file goes inside a JSON body, held to the server's limit (SPEC §9).
    if (file.size > LIMITS.requestBodyBytes * 0.9)
      return setFormError(errorMessage('PAYLOAD_TOO_LARGE'));
    const csv = await file.text();
    const result = await send({ projectId: chosenProject, csv, dryRun: true });
    if (!result) return;
    setChecked({ file, csv, projectId: chosenProject, result });
    // What will happen is read before the button that does it.
    requestAnimationFrame(() => summary.current?.focus());
  };

  const importChecked = async () => {
    if (!checked) return;
    const result = await send({ projectId: checked.projectId, csv: checked.csv, dryRun: false });
    if (!result) return setChecked(null);
    const keys =
      result.firstKey === result.lastKey ? result.firstKey : `${result.firstKey}–${result.lastKey}`;
    showToast(
      `${importSummary(result.issues, projectName(checked.projectId), false)} ${keys}`,
      'success',
    );
    setChecked(null);
    setFile(null);
    setFileField((n) => n + 1);
  };

  const projectKey = projects.find((p) => p._id === chosenProject)?.key;
  return (
    <div className="settings-section data-settings">
      <h1 className="settings-section__title">Import and export</h1>

      <section aria-labelledby="export-title" className="data-settings__part">
        <h2 id="export-title" className="data-settings__subtitle">
          Export
        </h2>
        <p className="settings-section__intro">
          Everything in this workspace, to keep or to take elsewhere: every project, issue, comment,
          label and activity as JSON, or the issues as a spreadsheet (CSV) in the columns an import
          reads back.
        </p>
        {offline ? (
          // A download comes from the server; offline the link would only save an error page.
          <p className="data-settings__offline" role="status">
            {errorMessage('OFFLINE')} Exporting needs the server: it works again once you are back
            online.
          </p>
        ) : (
          <div className="data-settings__actions">
            <a className="button button--secondary button--md" href={`${base}/export`} download>
              Export workspace (JSON)
            </a>
            <a
              className="button button--secondary button--md"
              href={`${base}/export?format=csv`}
              download
            >
              Export issues (CSV)
            </a>
          </div>
        )}
      </section>

      <section aria-labelledby="import-title" className="data-settings__part">
        <h2 id="import-title" className="data-settings__subtitle">
          Import issues from CSV
        </h2>
        {can(role, 'issue:create') ? (
          <>
            <p className="settings-section__intro">
              One issue per row, added on top of the project. Keel reads the columns{' '}
              {IMPORT_COLUMNS.join(', ')}; only Title is needed. States, priorities and labels are
              matched by name, assignees by email or name; labels the workspace lacks are created.
              If any row has a problem, nothing is imported.
            </p>
            <form className="form data-settings__form" noValidate onSubmit={(e) => void check(e)}>
              <FormError>{formError}</FormError>
              <SelectField
                label="Project"
                value={chosenProject}
                options={projects.map((p) => ({ value: p._id, label: `${p.name} (${p.key})` }))}
                error={problems.find((p) => p.path === 'projectId')?.message}
                onChange={(e) => {
                  setProjectId(e.target.value);
                  setChecked(null);
                }}
              />
              <div className="field">
                <label className="field__label" htmlFor={`${fileHint}-file`}>
                  CSV file
                </label>
                <input
                  key={fileField}
                  id={`${fileHint}-file`}
                  type="file"
                  accept=".csv,text/csv"
                  className="data-settings__file"
                  aria-describedby={fileHint}
                  onChange={(e) => {
                    setFile(e.target.files?.[0] ?? null);
                    setChecked(null);
                    setProblems([]);
                    setFormError(null);
                  }}
                />
                <p id={fileHint} className="field__hint">
                  Up to {LIMITS.importRows.toLocaleString('en')} issues, UTF-8.
                </p>
              </div>
              {problems.filter((p) => p.path !== 'projectId').length ? (
                <div className="data-settings__problems" role="alert">
                  <p>Nothing was imported. Fix these in the file and check it again:</p>
                  <ul>
                    {problems
                      .filter((p) => p.path !== 'projectId')
                      .map((p) => (
                        <li key={`${p.path} ${p.message}`}>{describeImportProblem(p)}</li>
                      ))}
                  </ul>
                </div>
              ) : null}
              {checked ? (
                <div className="data-settings__ready" role="status" tabIndex={-1} ref={summary}>
                  <p>
                    <strong>{checked.file.name}</strong>:{' '}
                    {importSummary(checked.result.issues, projectName(checked.projectId), true)}
                  </p>
                  {checked.result.newLabels.length ? (
                    <p>New labels: {checked.result.newLabels.join(', ')}.</p>
                  ) : null}
                  {checked.result.ignoredColumns.length ? (
                    <p>Columns left out: {checked.result.ignoredColumns.join(', ')}.</p>
                  ) : null}
                </div>
              ) : null}
              <FormActions>
                {checked ? (
                  <Button
                    key="import"
                    variant="primary"
                    disabled={busy}
                    onClick={() => void importChecked()}
                  >
                    Import{' '}
                    {checked.result.issues === 1 ? '1 issue' : `${checked.result.issues} issues`}
                  </Button>
                ) : (
                  <Button
                    key="check"
                    type="submit"
                    variant="primary"
                    disabled={busy || !chosenProject}
                  >
                    Check file
                  </Button>
                )}
              </FormActions>
            </form>
            {projectKey ? (
              <p className="data-settings__after">
                Imported issues show in{' '}
                <Link className="text-link" to={`/${slug}/projects/${projectKey}/issues`}>
                  {projectName(chosenProject)}
                </Link>{' '}
                as soon as this device has synced them.
              </p>
            ) : null}
          </>
        ) : (
          <p className="settings-section__intro">
            Viewers can export. Members, admins and the owner can import issues.
          </p>
        )}
      </section>
    </div>
  );
}
