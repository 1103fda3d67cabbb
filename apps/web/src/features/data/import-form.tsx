import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  errorMessage,
  IMPORT_SOURCE_NAMES,
  importResponseSchema,
  LIMITS,
  type FieldError,
  type ImportForeignResponse,
  type ImportIssuesResponse,
  type ImportMapping as Mapping,
} from '@keel/domain';
import { call } from '../../shared/lib/api-call.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FormActions, FormError } from '../../shared/ui/form-actions.tsx';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useMembers, useProjects } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { ImportMapping, mappingOf } from './import-mapping.tsx';
import { ImportChecked } from './import-checked.tsx';
import { describeImportProblem, importFailure, importSummary } from './import-problems.ts';
import { sourceInfo, SOURCES, type SourceChoice } from './import-sources.ts';

export interface Checked {
  file: File;
  text: string;
  projectId: string;
  source: SourceChoice;
  siteUrl: string;
  result: ImportIssuesResponse | ImportForeignResponse;
}

const isForeign = (r: Checked['result']): r is ImportForeignResponse => 'source' in r;

/**
 * Importing issues into a project, from Keel's CSV or another tracker's export: checked first (a
 * dry run on the server, which holds the rules and the numbering), then, for another tracker's
 * file, what its states, priorities and people become, and only a file without problems is
 * offered for import. It needs the server: the device's copy cannot number issues in bulk.
 */
export function ImportForm() {
  const { slug } = useWorkspace();
  const projects = useProjects().filter((p) => !p.archivedAt);
  const members = useMembers();
  const [source, setSource] = useState<SourceChoice>('keel');
  const [projectId, setProjectId] = useState('');
  const [siteUrl, setSiteUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<FieldError[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [busy, setBusy] = useState(false);
  // A new file field after an import: the browser keeps showing the last file's name otherwise.
  const [fileField, setFileField] = useState(0);
  const fileHint = useId();
  const summary = useRef<HTMLDivElement>(null);
  const info = sourceInfo(source);
  const chosenProject = projectId || projects[0]?._id || '';
  const project = projects.find((p) => p._id === chosenProject);
  const projectName = (id: string) => projects.find((p) => p._id === id)?.name ?? 'the project';
  const base = `/api/workspaces/${encodeURIComponent(slug)}`;

  const reset = () => {
    setChecked(null);
    setMapping(null);
    setProblems([]);
    setFormError(null);
  };

  const send = async (to: Omit<Checked, 'result' | 'file'>, dryRun: boolean) => {
    setBusy(true);
    const body =
      to.source === 'keel'
        ? { projectId: to.projectId, csv: to.text, dryRun }
        : {
            source: to.source,
            projectId: to.projectId,
            file: to.text,
            dryRun,
            ...(to.siteUrl ? { siteUrl: to.siteUrl } : {}),
            ...(mapping && !dryRun ? { mapping } : {}),
          };
    const result = await call(`${base}/import`, importResponseSchema, { method: 'POST', body });
    setBusy(false);
    if (result.ok) return result.value;
    if (result.code === 'VALIDATION_FAILED' && result.errors.length) setProblems(result.errors);
    else setFormError(importFailure(result.code, result.message, result.errors));
    return null;
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    reset();
    if (!file) return setFormError(`Choose a ${info.fileLabel}`);
    // The file goes inside a JSON body, held to the server's limit (SPEC §9).
    if (file.size > LIMITS.requestBodyBytes * 0.9)
      return setFormError(errorMessage('PAYLOAD_TOO_LARGE'));
    const text = await file.text();
    const to = { text, projectId: chosenProject, source, siteUrl: info.site ? siteUrl.trim() : '' };
    const result = await send(to, true);
    if (!result) return;
    setChecked({ ...to, file, result });
    if (isForeign(result)) setMapping(mappingOf(result));
    // What will happen is read before the button that does it.
    requestAnimationFrame(() => summary.current?.focus());
  };

  const importChecked = async () => {
    if (!checked) return;
    const result = await send(checked, false);
    if (!result) return setChecked(null);
    const keys =
      result.firstKey === result.lastKey ? result.firstKey : `${result.firstKey}–${result.lastKey}`;
    showToast(
      `${importSummary(result.issues, projectName(checked.projectId), false)} ${keys ?? ''}`.trim(),
      'success',
    );
    reset();
    setFile(null);
    setFileField((n) => n + 1);
  };

  const visible = problems.filter((p) => p.path !== 'projectId' && p.path !== 'siteUrl');
  const toImport = checked?.result.issues ?? 0;
  return (
    <>
      <p className="settings-section__intro">
        Issues are added on top of the project, and labels the workspace lacks are created. If any
        row has a problem, nothing is imported; importing the same file again adds nothing new.
      </p>
      <form className="form data-settings__form" noValidate onSubmit={(e) => void check(e)}>
        <FormError>{formError}</FormError>
        <SelectField
          label="From"
          value={source}
          options={SOURCES.map((s) => ({ value: s.value, label: s.label }))}
          hint={info.how}
          onChange={(e) => {
            setSource(e.target.value as SourceChoice);
            reset();
          }}
        />
        <SelectField
          label="Project"
          value={chosenProject}
          options={projects.map((p) => ({ value: p._id, label: `${p.name} (${p.key})` }))}
          error={problems.find((p) => p.path === 'projectId')?.message}
          onChange={(e) => {
            setProjectId(e.target.value);
            reset();
          }}
        />
        {info.site ? (
          <TextField
            label="Link back to"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={siteUrl}
            hint={info.site.hint}
            error={problems.find((p) => p.path === 'siteUrl')?.message}
            onChange={(e) => {
              setSiteUrl(e.target.value);
              reset();
            }}
          />
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor={`${fileHint}-file`}>
            {info.fileLabel}
          </label>
          <input
            key={fileField}
            id={`${fileHint}-file`}
            type="file"
            accept={info.accept}
            className="data-settings__file"
            aria-describedby={fileHint}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              reset();
            }}
          />
          <p id={fileHint} className="field__hint">
            Up to {LIMITS.importRows.toLocaleString('en')} issues, UTF-8.
          </p>
        </div>
        {visible.length ? (
          <div className="data-settings__problems" role="alert">
            <p>Nothing was imported. Fix these in the file and check it again:</p>
            <ul>
              {visible.map((p) => (
                <li key={`${p.path} ${p.message}`}>{describeImportProblem(p)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {checked ? (
          <ImportChecked
            ref={summary}
            checked={checked}
            projectName={projectName(checked.projectId)}
          />
        ) : null}
        {checked && isForeign(checked.result) && mapping && project && toImport > 0 ? (
          <ImportMapping
            found={checked.result}
            mapping={mapping}
            states={project.states}
            members={members}
            tool={IMPORT_SOURCE_NAMES[checked.result.source]}
            onChange={setMapping}
          />
        ) : null}
        <FormActions>
          {checked && toImport > 0 ? (
            <Button
              key="import"
              variant="primary"
              disabled={busy}
              onClick={() => void importChecked()}
            >
              Import {toImport === 1 ? '1 issue' : `${toImport.toLocaleString('en')} issues`}
            </Button>
          ) : (
            <Button key="check" type="submit" variant="primary" disabled={busy || !chosenProject}>
              Check file
            </Button>
          )}
        </FormActions>
      </form>
      {project ? (
        <p className="data-settings__after">
          Imported issues show in{' '}
          <Link className="text-link" to={`/${slug}/projects/${project.key}/issues`}>
            {project.name}
          </Link>{' '}
          as soon as this device has synced them.
        </p>
      ) : null}
    </>
  );
}
