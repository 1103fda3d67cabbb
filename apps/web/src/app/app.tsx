import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { BoardPage } from '../features/board/board-page.tsx';
import { InboxPage } from '../features/inbox/inbox-page.tsx';
import { IssuePage } from '../features/issues/issue-page.tsx';
import { LabelsPage } from '../features/labels/labels-page.tsx';
import { ProjectsSettingsPage } from '../features/projects/projects-settings-page.tsx';
import { SettingsLayout } from '../features/settings/settings-layout.tsx';
import { IssuesPage } from '../features/issues/issues-page.tsx';
import { MyIssuesPage } from '../features/issues/my-issues-page.tsx';
import { ToastRegion } from '../shared/ui/toast-region.tsx';
import { AccountRoute } from './routes/account-route.tsx';
import { InviteRoute } from './routes/invite-route.tsx';
import { GeneralSettingsRoute, MembersRoute } from './routes/settings-routes.tsx';
import { NewWorkspaceRoute } from './routes/new-workspace-route.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';
import { ProjectsPage } from './routes/projects-page.tsx';
import { RootRedirect } from './routes/root-redirect.tsx';
import { WorkspaceNotFound } from './routes/workspace-not-found.tsx';
import { WorkspaceLayout } from './shell/workspace-layout.tsx';

// Import and export is opened seldom and holds its own code: it loads when first visited.
const DataSettingsPage = lazy(() =>
  import('../features/data/data-settings-page.tsx').then((m) => ({ default: m.DataSettingsPage })),
);

/** SPEC §2, the map of screens. */
export function App() {
  // Navigations render at once rather than as time-sliced transitions: every screen reads from
  // memory, so there is nothing to wait for, and slicing only added the frames drawn in between
  // (opening an issue: about 53 -> 42 ms over 8 opens in a trace).
  return (
    <BrowserRouter useTransitions={false}>
      <Routes>
        <Route path="/signin" element={<SignInPage />} />
        <Route element={<RequireAuth />}>
          <Route index element={<RootRedirect />} />
          <Route path="new" element={<NewWorkspaceRoute />} />
          <Route path="account" element={<AccountRoute />} />
          <Route path="invite/:token" element={<InviteRoute />} />
          <Route path=":ws" element={<WorkspaceLayout />}>
            <Route index element={<Navigate to="my-issues" replace />} />
            <Route path="my-issues" element={<MyIssuesPage />} />
            <Route path="issues" element={<IssuesPage />} />
            <Route path="projects" element={<ProjectsPage />} />
            <Route path="projects/:key/issues" element={<IssuesPage />} />
            <Route path="projects/:key/board" element={<BoardPage />} />
            <Route path="issue/:issueKey" element={<IssuePage />} />
            <Route path="inbox" element={<InboxPage />} />
            <Route path="settings" element={<SettingsLayout />}>
              <Route index element={<GeneralSettingsRoute />} />
              <Route path="members" element={<MembersRoute />} />
              <Route path="projects" element={<ProjectsSettingsPage />} />
              <Route path="labels" element={<LabelsPage />} />
              <Route
                path="data"
                element={
                  <Suspense fallback={null}>
                    <DataSettingsPage />
                  </Suspense>
                }
              />
            </Route>
            <Route path="*" element={<WorkspaceNotFound />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      <ToastRegion />
    </BrowserRouter>
  );
}
