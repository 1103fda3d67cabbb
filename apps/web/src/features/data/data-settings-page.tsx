import { can, errorMessage } from '@keel/domain';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { useSyncStatus } from '../../data/use-sync-status.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { ImportForm } from './import-form.tsx';
import './data-settings.css';

/**
 * `/:ws/settings/data`: export the workspace (any member: it is what they can read) and import
 * issues (those who may create issues) from Keel's CSV, Jira, Linear or GitHub (import-form.tsx).
 * Both need the server: the device's copy cannot number issues in bulk.
 */
export function DataSettingsPage() {
  useDocumentTitle('Import and export');
  const { slug, role } = useWorkspace();
  const base = `/api/workspaces/${encodeURIComponent(slug)}`;
  const offline = useSyncStatus().kind === 'offline';

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
          Import issues
        </h2>
        {can(role, 'issue:create') ? (
          <ImportForm />
        ) : (
          <p className="settings-section__intro">
            Viewers can export. Members, admins and the owner can import issues.
          </p>
        )}
      </section>
    </div>
  );
}
