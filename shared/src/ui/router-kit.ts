// The router exports the suite uses, and only those: webpack shares this module as `react-router-dom`
// (one copy on the page for the shell and every remote, tree-shaken to these exports: about 13 KB
// compressed where the whole package is 53 KB; see tools/webpack.factory.js). It reads them from
// `react-router`, which `react-router-dom` re-exports, so that the shared name is not its own import.
// A name the apps import from 'react-router-dom' must be listed here: kits.test.ts fails otherwise.
export {
  BrowserRouter,
  Link,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
