// Async boundary: shared singletons (React, the kernel, …) are negotiated before the app starts.
// The current screen's start needs the kernel only, so it does not wait for the chrome's antd.
import('./start-screen');
import('./bootstrap');
