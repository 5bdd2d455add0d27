// Async boundary: shared singletons (React, the kernel, …) are negotiated before the app starts.
// The current screen's start needs the kernel only: its first requests leave before the chrome's code
// (antd, the layout) is evaluated, which is one long task that would hold them back. The chrome's files
// download meanwhile (the page preloads them).
// A start that fails to load does not keep the chrome away: the chrome reports the screen's failure.
void import('./start-screen')
  .then(({ screenRequestsStarted }) => screenRequestsStarted)
  .catch(() => undefined)
  .then(() => import('./bootstrap'));
