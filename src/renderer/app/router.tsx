/**
 * Routes. A hash router, so the same build works from app:// in Electron, from the host's static
 * server and from any folder, with no server-side fallback needed. The generic 500 screen is the
 * errorElement: a screen that throws shows it, with "Return Home" to '/'.
 */
import { TaskBoardPage } from '../features/tasks/TaskBoardPage';
import { TaskDetailPage } from '../features/tasks/TaskDetailPage';
import { TechLeadPage } from '../features/tasks/TechLeadPage';
import { NonIdealState, Button } from '@blueprintjs/core';
import { createHashRouter, Navigate, useNavigate } from 'react-router-dom';
import { RouteErrorScreen } from '../components/ErrorScreen';
import { SetupPage } from '../features/auth/SetupPage';
import { SignInPage } from '../features/auth/SignInPage';
import { CaseDetailPage } from '../features/cases/CaseDetailPage';
import { CasesPage } from '../features/cases/CasesPage';
import { CompanySettingsPage } from '../features/company/CompanySettingsPage';
import { CrmCallbackPage } from '../features/crm-integrations/CrmCallbackPage';
import { CrmIntegrationsPage } from '../features/crm-integrations/CrmIntegrationsPage';
import { EvaluationPage } from '../features/evaluation/EvaluationPage';
import { DocumentTypesPage } from '../features/document-types/DocumentTypesPage';
import { LegalPeoplePage } from '../features/legal-people/LegalPeoplePage';
import { NotificationRulesPage } from '../features/notification-rules/NotificationRulesPage';
import { DigestSubscriptionsPage } from '../features/notification-rules/DigestSubscriptionsPage';
import { InboxPage } from '../features/mailbox/InboxPage';
import { DataExtractionPage } from '../features/data-extraction/DataExtractionPage';
import { ActivityTypesPage } from '../features/activity-types/ActivityTypesPage';
import { DocumentCenterPage } from '../features/documents/DocumentCenterPage';
import { NotificationsPage } from '../features/notifications/NotificationsPage';
import { ProcessedFilePage } from '../features/processed-file/ProcessedFilePage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { ProjectDetailPage } from '../features/projects/ProjectDetailPage';
import { ProjectsPage } from '../features/projects/ProjectsPage';
import { RequestDetailPage } from '../features/requests/RequestDetailPage';
import { RequestsPage } from '../features/requests/RequestsPage';
import { TaskRequestDetailPage } from '../features/task-requests/TaskRequestDetailPage';
import { TaskRequestsPage } from '../features/task-requests/TaskRequestsPage';
import { ChatPage } from '../features/chat/ChatPage';
import { IntakeScriptsPage } from '../features/chat/IntakeScriptsPage';
import { GuestChatPage } from '../features/chat/GuestChatPage';
import { TalentPage } from '../features/talent/TalentPage';
import { RawFileDetailsPage } from '../features/raw-file-details/RawFileDetailsPage';
import { RawFilesPage } from '../features/raw-files/RawFilesPage';
import { ReviewQueuePage } from '../features/review/ReviewQueuePage';
import { RequireAuth } from '../features/shell/AppShell';
import { AcceptInvitationPage } from '../features/users/AcceptInvitationPage';
import { useStartPath } from '../features/shell/useStartPath';
import { UsersPage } from '../features/users/UsersPage';
import { WatchedFoldersPage } from '../features/watch-folders/WatchedFoldersPage';
import { WorkflowEditorPage } from '../features/workflows/editor/WorkflowEditorPage';
import { WorkflowHistoryPage } from '../features/workflows/history/WorkflowHistoryPage';
import { WorkflowsPage } from '../features/workflows/list/WorkflowsPage';
import { WorkflowLogPage } from '../features/workflows/logs/WorkflowLogPage';
import { WorkflowLogsPage } from '../features/workflows/logs/WorkflowLogsPage';

function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <NonIdealState
      className="ld-empty"
      icon="search"
      title="This page does not exist."
      description="The link may be from a part of LexDesk that is not available in this version."
      action={<Button onClick={() => void navigate('/')}>Go to the start page</Button>}
    />
  );
}

/** The root opens the signed-in person's start screen (features/shell/landing.ts). */
function StartScreen() {
  return <Navigate to={useStartPath()} replace />;
}

export function createAppRouter() {
  return createHashRouter([
    {
      path: '/',
      errorElement: <RouteErrorScreen />,
      children: [
        { path: 'sign-in', element: <SignInPage /> },
        { path: 'setup', element: <SetupPage /> },
        { path: 'invitation/:token', element: <AcceptInvitationPage /> },
        { path: 'chat-invitation/:token', element: <GuestChatPage /> },
        {
          element: <RequireAuth />,
          children: [
            { index: true, element: <StartScreen /> },
            { path: 'notifications', element: <NotificationsPage /> },
            { path: 'raw-files', element: <RawFilesPage /> },
            { path: 'raw-files/:id', element: <RawFileDetailsPage /> },
            { path: 'documents', element: <DocumentCenterPage /> },
            { path: 'documents/:id', element: <ProcessedFilePage /> },
            { path: 'review', element: <ReviewQueuePage /> },
            { path: 'cases', element: <CasesPage /> },
            { path: 'cases/:id', element: <CaseDetailPage /> },
            { path: 'users', element: <UsersPage /> },
            { path: 'company', element: <CompanySettingsPage /> },
            { path: 'watch-folders', element: <WatchedFoldersPage /> },
            { path: 'document-types', element: <DocumentTypesPage /> },
            { path: 'legal-people', element: <LegalPeoplePage /> },
            { path: 'notification-rules', element: <NotificationRulesPage /> },
            { path: 'inbox', element: <InboxPage /> },
            { path: 'email-digests', element: <DigestSubscriptionsPage /> },
            { path: 'data-extraction', element: <DataExtractionPage /> },
            { path: 'activity-types', element: <ActivityTypesPage /> },
            { path: 'profile', element: <ProfilePage /> },
            { path: 'tasks', element: <TaskBoardPage /> },
            { path: 'tasks/lead', element: <TechLeadPage /> },
            { path: 'tasks/:id', element: <TaskDetailPage /> },
            { path: 'projects', element: <ProjectsPage /> },
            { path: 'projects/:id', element: <ProjectDetailPage /> },
            { path: 'requests', element: <RequestsPage /> },
            { path: 'requests/:id', element: <RequestDetailPage /> },
            { path: 'task-requests', element: <TaskRequestsPage /> },
            { path: 'task-requests/:id', element: <TaskRequestDetailPage /> },
            { path: 'chat', element: <ChatPage /> },
            { path: 'chat/:id', element: <ChatPage /> },
            { path: 'intake-scripts', element: <IntakeScriptsPage /> },
            { path: 'talent', element: <TalentPage /> },
            { path: 'workflows', element: <WorkflowsPage /> },
            { path: 'workflows/:id', element: <WorkflowEditorPage /> },
            { path: 'workflow-history', element: <WorkflowHistoryPage /> },
            { path: 'workflow-logs', element: <WorkflowLogsPage /> },
            { path: 'workflow-logs/:id', element: <WorkflowLogPage /> },
            { path: 'crm-integrations', element: <CrmIntegrationsPage /> },
            { path: 'crm-integrations/callback', element: <CrmCallbackPage /> },
            { path: 'evaluation', element: <EvaluationPage /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
