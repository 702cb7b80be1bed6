import { LocationProvider, Route, Router } from 'preact-iso';
import { Layout } from './components/layout.js';
import { AdminPage } from './pages/admin-page.js';
import { EditGroupPage } from './pages/edit-group-page.js';
import { GroupsPage } from './pages/groups-page.js';
import { LoginPage } from './pages/login-page.js';
import { MyGroupsPage } from './pages/my-groups-page.js';
import { NotFoundPage } from './pages/not-found-page.js';
import { RegisterPage } from './pages/register-page.js';
import { SubmitPage } from './pages/submit-page.js';
import { SessionProvider } from './session.js';

/** The pages. The server answers each of these paths with index.html (PAGE_PATHS in src/web/web-ui.ts). */
export function App() {
  return (
    // Links to the API and its reference leave the app; the router handles only the UI's own pages.
    <LocationProvider scope={/^\/(?!api\/|api$|docs|assets\/)/}>
      <SessionProvider>
        <Layout>
          <Router>
            <Route path="/" component={GroupsPage} />
            <Route path="/login" component={LoginPage} />
            <Route path="/register" component={RegisterPage} />
            <Route path="/submit" component={SubmitPage} />
            <Route path="/mine" component={MyGroupsPage} />
            <Route path="/mine/:id/edit" component={EditGroupPage} />
            <Route path="/admin" component={AdminPage} />
            <Route default component={NotFoundPage} />
          </Router>
        </Layout>
      </SessionProvider>
    </LocationProvider>
  );
}
