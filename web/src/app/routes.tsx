import { APP_ROUTES } from '@waco/contracts';
import { Suspense, useEffect } from 'react';
import { api } from '../api/client';
import { useCurrentUser } from '../features/auth/hooks/current-user';
import { AppLayout } from '../features/shell/components/AppLayout';
import { hasGuestFlag, storeReturnUrl } from '../lib/storage';
import { lazyPart, partsMounted } from '../ui/lazy-part';
import { PageSpinner } from '../ui/PageSpinner';
import { markHydrated, serverView, useBrowserValue, useHydrating } from '../ui/server-view';
import { replayEarlyInput } from './early-input';
import { Navigate, Outlet, Route, Routes, useLocation } from './router';

// Route-level code splitting: each page is its own chunk.
const FeedPage = lazyPart('FeedPage', () => import('../pages/FeedPage'));
const WelcomePage = lazyPart('WelcomePage', () => import('../pages/WelcomePage'));
const AuthPage = lazyPart('AuthPage', () => import('../pages/AuthPage'));
const MessagesPage = lazyPart('MessagesPage', () => import('../pages/MessagesPage'));
const NotificationsPage = lazyPart('NotificationsPage', () => import('../pages/NotificationsPage'));
const ProfilePage = lazyPart('ProfilePage', () => import('../pages/ProfilePage'));
const UserPage = lazyPart('UserPage', () => import('../pages/UserPage'));
const TagPage = lazyPart('TagPage', () => import('../pages/TagPage'));
const NotFoundPage = lazyPart('NotFoundPage', () => import('../pages/NotFoundPage'));
const ForgotPasswordPage = lazyPart('ForgotPasswordPage', () => import('../pages/ForgotPasswordPage'));
const ResetPasswordPage = lazyPart('ResetPasswordPage', () => import('../pages/ResetPasswordPage'));
const SettingsPage = lazyPart('SettingsPage', () => import('../pages/SettingsPage'));
const NotificationSettingsPage = lazyPart(
  'NotificationSettingsPage',
  () => import('../pages/NotificationSettingsPage'),
);
const DevMailPage = lazyPart('DevMailPage', () => import('../pages/DevMailPage'));
const ModerationPage = lazyPart('ModerationPage', () => import('../pages/ModerationPage'));
const ConsolePage = lazyPart('ConsolePage', () => import('../pages/ConsolePage'));
const GroupsPage = lazyPart('GroupsPage', () => import('../pages/GroupsPage'));
const GroupPage = lazyPart('GroupPage', () => import('../pages/GroupPage'));
const BusinessesPage = lazyPart('BusinessesPage', () => import('../pages/BusinessesPage'));
const BusinessPage = lazyPart('BusinessPage', () => import('../pages/BusinessPage'));
const EventsPage = lazyPart('EventsPage', () => import('../pages/EventsPage'));
const EventPage = lazyPart('EventPage', () => import('../pages/EventPage'));

/** Query parameters that make `/` a view of the feed even for a first-time visitor (a shared link). */
const FEED_LINK_PARAMS = ['post', 'search', 'category', 'mode'];
export const isFeedLink = (search: string) => {
  const params = new URLSearchParams(search);
  return FEED_LINK_PARAMS.some((name) => params.has(name));
};

/** Whether this browser chose "Continue as Guest" before (the server knows it by its cookie). */
const useGuestFlag = () => useBrowserValue(hasGuestFlag, () => serverView().guest);

/** Sends the browser elsewhere in place, once the page is the browser's (the server cannot). */
function Redirect({ to }: { to: string }) {
  return useHydrating() ? <PageSpinner /> : <Navigate to={to} replace />;
}

/** `/`: the feed for members and returning guests, otherwise the welcome page. */
function RootRoute() {
  const { isSignedIn, isLoading } = useCurrentUser();
  const { search } = useLocation();
  const guest = useGuestFlag();
  if (isSignedIn || guest || isFeedLink(search)) {
    return (
      <AppLayout>
        <FeedPage />
      </AppLayout>
    );
  }
  if (isLoading) return <PageSpinner />;
  return <WelcomePage />;
}

/** `/home`: the feed; a visitor who never chose to browse as a guest goes to the landing page. */
function HomeRoute() {
  const { isSignedIn, isLoading } = useCurrentUser();
  const { search } = useLocation();
  const guest = useGuestFlag();
  if (isSignedIn || guest || isFeedLink(search)) return <FeedPage />;
  if (isLoading) return <PageSpinner />;
  return <Redirect to="/landing" />;
}

/** Signed-in users have no business on /auth (spec section 2). */
function AuthRoute() {
  const { isSignedIn, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (isSignedIn) return <Redirect to="/" />;
  return <AuthPage />;
}

/**
 * The members' pages nested under it (messages, notifications, profile, settings): a signed-out
 * direct visit goes to /api/login, and the page is remembered as the return address for after
 * signing in or up.
 */
function MembersOnly() {
  const { isSignedIn, isLoading } = useCurrentUser();
  useEffect(() => {
    if (isLoading || isSignedIn) return;
    storeReturnUrl(`${window.location.pathname}${window.location.search}`);
    window.location.replace(api.url('loginPage'));
  }, [isLoading, isSignedIn]);
  if (!isSignedIn) return <PageSpinner />;
  return <Outlet />;
}

/** The pages that share the one layout, which stays mounted from page to page. */
function WithLayout() {
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}

/**
 * Marks the page hydrated and replays what the reader did before (early-input.ts). It sits with
 * the pages, inside their Suspense: a lazy page hydrates after the app around it, and the page is
 * usable only then.
 */
function PageHydrated() {
  useEffect(() => {
    // Marked once caught up: what the reader did meanwhile is in the page's state.
    void partsMounted()
      .then(() => replayEarlyInput())
      .finally(markHydrated);
  }, []);
  return null;
}

/**
 * The pages, at the addresses of APP_ROUTES (@waco/contracts): the gateway answers every other
 * address with 404, and so does the catch-all here.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <PageHydrated />
      <Routes>
        <Route path={APP_ROUTES.welcome} element={<WelcomePage />} />
        <Route path={APP_ROUTES.landing} element={<WelcomePage />} />
        <Route path={APP_ROUTES.auth} element={<AuthRoute />} />
        <Route path={APP_ROUTES.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={APP_ROUTES.resetPassword} element={<ResetPasswordPage />} />
        <Route path={APP_ROUTES.devMail} element={<DevMailPage />} />
        <Route path={APP_ROUTES.root} element={<RootRoute />} />
        <Route element={<WithLayout />}>
          <Route path={APP_ROUTES.home} element={<HomeRoute />} />
          <Route element={<MembersOnly />}>
            <Route path={APP_ROUTES.messages} element={<MessagesPage />} />
            <Route path={APP_ROUTES.notifications} element={<NotificationsPage />} />
            <Route path={APP_ROUTES.profile} element={<ProfilePage />} />
            <Route path={APP_ROUTES.settings} element={<SettingsPage />} />
            <Route path={APP_ROUTES.notificationSettings} element={<NotificationSettingsPage />} />
          </Route>
          <Route path={APP_ROUTES.post} element={<FeedPage />} />
          <Route path={APP_ROUTES.moderation} element={<ModerationPage />} />
          <Route path={APP_ROUTES.admin} element={<ConsolePage />} />
          <Route path={APP_ROUTES.user} element={<UserPage />} />
          <Route path={APP_ROUTES.tag} element={<TagPage />} />
          <Route path={APP_ROUTES.groups} element={<GroupsPage />} />
          <Route path={APP_ROUTES.group} element={<GroupPage />} />
          <Route path={APP_ROUTES.businesses} element={<BusinessesPage />} />
          <Route path={APP_ROUTES.business} element={<BusinessPage />} />
          <Route path={APP_ROUTES.events} element={<EventsPage />} />
          <Route path={APP_ROUTES.event} element={<EventPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
