// Async boundary: shared singletons (React, antd, …) are negotiated before the app starts.
import('./bootstrap');
