// The app's router: React Router in its declarative mode (<BrowserRouter> in main.tsx, <StaticRouter>
// on the server, entry-server.tsx). The app's code takes its routing calls from here, so one file
// names the router.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
