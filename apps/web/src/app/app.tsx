import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { RequireAuth } from '../features/auth/index.ts';
import { IssuePage } from '../features/issues/issue-page.tsx';
import { IssuesPage } from '../features/issues/issues-page.tsx';
import { MyIssuesPage } from '../features/issues/my-issues-page.tsx';
import { SavedViewPage } from '../features/issues/saved-view-page.tsx';
import { SettingsLayout } from '../features/settings/index.ts';
import { whenIdle } from '../shared/lib/when-idle.ts';
import { ToastRegion } from '../shared/ui/toast-region.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';
import { RootRedirect } from './routes/root-redirect.tsx';
import { WorkspaceNotFound } from './routes/workspace-not-found.tsx';
import { WorkspaceLayout } from './shell/workspace-layout.tsx';

/**
 * Screens a person opens after the list they land on, each with code of its own (the board's
 * drag and drop, the settings pages, import and export): loaded when first visited, so the
 * first screen's JavaScript stays small. The service worker keeps every chunk on the device, so
 * offline they open as the rest do.
 */
function later<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
const SignInPage = later(() => import('../features/auth/sign-in-page.tsx'), 'SignInPage');
const loadInbox = () => import('../features/inbox/inbox-page.tsx');
const InboxPage = later(loadInbox, 'InboxPage');
const NewWorkspaceRoute = later(
  () => import('./routes/new-workspace-route.tsx'),
  'NewWorkspaceRoute',
);
const loadProjects = () => import('./routes/projects-page.tsx');
const ProjectsPage = later(loadProjects, 'ProjectsPage');
const InviteRoute = later(() => import('./routes/invite-route.tsx'), 'InviteRoute');
const BoardPage = later(() => import('../features/board/board-page.tsx'), 'BoardPage');
const ProjectPage = later(() => import('../features/projects/project-page.tsx'), 'ProjectPage');
const CyclesPage = later(() => import('../features/cycles/cycles-page.tsx'), 'CyclesPage');
const CyclePage = later(() => import('../features/cycles/cycle-page.tsx'), 'CyclePage');
const InsightsPage = later(() => import('../features/insights/insights-page.tsx'), 'InsightsPage');
const ViewInsightsPage = later(
  () => import('../features/insights/view-insights-page.tsx'),
  'ViewInsightsPage',
);
const RoadmapPage = later(() => import('../features/roadmap/roadmap-page.tsx'), 'RoadmapPage');
const LabelsPage = later(() => import('../features/labels/labels-page.tsx'), 'LabelsPage');
const ProjectsSettingsPage = later(
  () => import('../features/projects/projects-settings-page.tsx'),
  'ProjectsSettingsPage',
);
const GeneralSettingsRoute = later(
  () => import('./routes/settings-routes.tsx'),
  'GeneralSettingsRoute',
);
const MembersRoute = later(() => import('./routes/settings-routes.tsx'), 'MembersRoute');
const AccountRoute = later(() => import('./routes/account-route.tsx'), 'AccountRoute');
const WebhooksPage = later(() => import('../features/webhooks/webhooks-page.tsx'), 'WebhooksPage');
const WebhookPage = later(() => import('../features/webhooks/webhook-page.tsx'), 'WebhookPage');
const GithubSettingsPage = later(
  () => import('../features/github/github-settings-page.tsx'),
  'GithubSettingsPage',
);
const DataSettingsPage = later(
  () => import('../features/data/data-settings-page.tsx'),
  'DataSettingsPage',
);

/**
 * The sidebar's own screens are fetched in the first idle period once the app has started, so
 * their first visit waits for no network (only React's one suspended frame); an idle period the
 * browser forced (timeLeft 0) is not one, so the fetch never competes with the first screen.
 */
function warmSidebarScreens(): () => void {
  return whenIdle((timeLeft) => {
    if (timeLeft() <= 0) return false;
    void loadInbox();
    void loadProjects();
    return true;
  });
}

/** A screen loaded when first visited; nothing is drawn for the moment it takes. */
function Later({ page: Page }: { page: ComponentType }) {
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}

/** SPEC §2, the map of screens. */
export function App() {
  useEffect(warmSidebarScreens, []);
  // Navigations render at once rather than as time-sliced transitions: every screen reads from
  // memory, so there is nothing to wait for, and slicing only added the frames drawn in between
  // (opening an issue: about 53 -> 42 ms over 8 opens in a trace).
  return (
    <BrowserRouter useTransitions={false}>
      <Routes>
        <Route path="/signin" element={<Later page={SignInPage} />} />
        <Route element={<RequireAuth />}>
          <Route index element={<RootRedirect />} />
          <Route path="new" element={<Later page={NewWorkspaceRoute} />} />
          <Route path="account" element={<Later page={AccountRoute} />} />
          <Route path="invite/:token" element={<Later page={InviteRoute} />} />
          <Route path=":ws" element={<WorkspaceLayout />}>
            <Route index element={<Navigate to="my-issues" replace />} />
            <Route path="my-issues" element={<MyIssuesPage />} />
            <Route path="issues" element={<IssuesPage />} />
            <Route path="projects" element={<Later page={ProjectsPage} />} />
            <Route path="projects/:key" element={<Later page={ProjectPage} />} />
            <Route path="projects/:key/issues" element={<IssuesPage />} />
            <Route path="projects/:key/board" element={<Later page={BoardPage} />} />
            <Route path="projects/:key/cycles" element={<Later page={CyclesPage} />} />
            <Route path="projects/:key/cycles/:number" element={<Later page={CyclePage} />} />
            <Route path="projects/:key/insights" element={<Later page={InsightsPage} />} />
            <Route path="roadmap" element={<Later page={RoadmapPage} />} />
            <Route path="issue/:issueKey" element={<IssuePage />} />
            <Route path="views/:viewId" element={<SavedViewPage />} />
            <Route path="views/:viewId/insights" element={<Later page={ViewInsightsPage} />} />
            <Route path="inbox" element={<Later page={InboxPage} />} />
            <Route path="settings" element={<SettingsLayout />}>
              <Route index element={<Later page={GeneralSettingsRoute} />} />
              <Route path="members" element={<Later page={MembersRoute} />} />
              <Route path="projects" element={<Later page={ProjectsSettingsPage} />} />
              <Route path="labels" element={<Later page={LabelsPage} />} />
              <Route path="data" element={<Later page={DataSettingsPage} />} />
              <Route path="webhooks" element={<Later page={WebhooksPage} />} />
              <Route path="webhooks/:webhookId" element={<Later page={WebhookPage} />} />
              <Route path="github" element={<Later page={GithubSettingsPage} />} />
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
