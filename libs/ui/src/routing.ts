/**
 * The router, one instance for the shell and every remote. Apps import routing from here, never from
 * react-router-dom: this module is shared as part of @teaminbox/ui, so only what is listed below is shipped
 * (react-router-dom shared on its own would send the whole library, data routers and server parts included).
 * Tests may render with react-router-dom's MemoryRouter directly.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
