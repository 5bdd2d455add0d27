// The screen's './start' module: the requests of its first drawing, without its UI code (see StartRequests).
export { startWorkspaceRequests as startRequests } from './app/start-workspace-requests';
