// Async boundary: shared singletons (React, the kernel, …) are negotiated before the app starts.
import('./bootstrap');
